import { describe, expect, it } from 'vitest';
import { numberPlaceholders } from '../../../server/db/placeholders';

describe('numbering placeholders for PostgreSQL', () => {
  it('numbers each ? in order', () => {
    expect(numberPlaceholders('select a from t where b = ? and c in (?, ?) limit ?')).toBe(
      'select a from t where b = $1 and c in ($2, $3) limit $4',
    );
  });

  it('leaves ? alone inside literals, quoted names and comments, doubled quotes included', () => {
    expect(
      numberPlaceholders(
        `select 'a?''b?', "c?" from t -- d?\nwhere e = ? /* f? */ and g = 'it''s?' and h = ?`,
      ),
    ).toBe(`select 'a?''b?', "c?" from t -- d?\nwhere e = $1 /* f? */ and g = 'it''s?' and h = $2`);
  });

  it('keeps text without placeholders as it is', () => {
    expect(numberPlaceholders('begin')).toBe('begin');
    expect(numberPlaceholders("select '?")).toBe("select '?");
  });
});
