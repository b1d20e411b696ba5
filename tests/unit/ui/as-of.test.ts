import { describe, expect, it } from 'vitest';
import { BCP47, LANGS } from '../../../domain/locale';
import { formatAsOf } from '../../../src/components/as-of-format';

const at = new Date(2026, 10, 24, 14, 2, 30).getTime();

describe('"as of" times', () => {
  it('name only the hours and minutes for a time of today', () => {
    expect(formatAsOf(at, at + 3 * 3_600_000, 'en-GB')).toBe('14:02');
    expect(formatAsOf(at, at + 60_000, 'id-ID')).toBe('14.02');
  });

  it('add the day for an older time, so a stale copy never passes for today', () => {
    const text = formatAsOf(at, at + 2 * 86_400_000, 'en-GB');
    expect(text).toContain('24');
    expect(text).toContain('Nov');
    expect(text).toContain('14:02');
  });

  it('format in every language of the app', () => {
    for (const lang of LANGS) {
      expect(formatAsOf(at, at, BCP47[lang]), lang).toMatch(/\d/);
      expect(formatAsOf(at, at + 3 * 86_400_000, BCP47[lang]).length, lang).toBeGreaterThan(
        formatAsOf(at, at, BCP47[lang]).length,
      );
    }
  });
});
