// Each table has one owner (issue 24): the area whose folder creates it is the only one whose SQL
// names it. Another area asks the owner's face (server/<area>/index.ts) instead. The detector is
// scripts/arch/sql.ts, the same one `npx tsx scripts/arch-report.ts` counts with.
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSources, type SourceFile } from '../../../scripts/arch/report';
import { foreignSqlOf, tableOwners } from '../../../scripts/arch/sql';

/** A parsed in-memory source, as readSources makes them. */
function source(file: string, text: string): SourceFile {
  return {
    file,
    lines: text.split('\n').length,
    imports: [],
    lazyImports: [],
    ast: ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true),
  };
}

describe('table owners', () => {
  // The whole tree, parsed once (as archReport does; a few seconds on a busy machine).
  let tree: SourceFile[] = [];
  beforeAll(() => {
    tree = readSources(process.cwd());
  }, 120_000);

  it('no SQL in the server names a table another area owns', () => {
    const found = foreignSqlOf(tree, tableOwners(tree));
    expect(found.map((f) => `${f.file}:${f.line} ${f.tables.join(', ')}`)).toEqual([]);
  });

  it('finds the owners of the real tables, so the check above has something to check', () => {
    const owners = tableOwners(tree);
    expect(owners.size).toBeGreaterThan(30);
    expect(owners.get('users')).toBe('mine');
    expect(owners.get('spot_trades')).toBe('trade');
    expect(owners.get('journal')).toBe('ledger');
    expect(owners.get('crypto_deposits')).toBe('assets');
    expect(owners.get('identity_kyc')).toBe('identity');
    expect(owners.get('uploads')).toBe('shared/uploads');
    expect(owners.get('sim_chain_txs')).toBe('sim');
  });

  it('reports SQL naming another area table, and not foreign keys or the owner own SQL', () => {
    const sources = [
      source(
        'server/alpha/schema.ts',
        "export const DDL = ['create table alpha_things (id integer primary key, name text)'];",
      ),
      source(
        'server/beta/schema.ts',
        `export const DDL = [
          'create table beta_rows (id integer primary key, thing_id integer references alpha_things (id))',
        ];`,
      ),
      source(
        'server/alpha/store.ts',
        "export const own = (db) => db.prepare('select name from alpha_things where id = ?');",
      ),
      source(
        'server/beta/store.ts',
        `export const read = (db) => db.prepare('select name from alpha_things where id = ?');
         export const joined = (db, cols) =>
           db.prepare(\`select \${cols} from beta_rows b join alpha_things a on a.id = b.thing_id\`);
         export const typed = (db) => db.selectFrom('alpha_things').selectAll().execute();
         export const mine = (db) => db.prepare('select id from beta_rows');`,
      ),
    ];
    const owners = tableOwners(sources);
    expect(owners.get('alpha_things')).toBe('alpha');
    expect(owners.get('beta_rows')).toBe('beta');
    const found = foreignSqlOf(sources, owners);
    expect(found.map((f) => [f.file, f.line, f.area, f.tables])).toEqual([
      ['server/beta/store.ts', 1, 'beta', ['alpha_things@alpha']],
      ['server/beta/store.ts', 3, 'beta', ['alpha_things@alpha']],
      ['server/beta/store.ts', 4, 'beta', ['alpha_things@alpha']],
    ]);
  });
});
