/**
 * Which area owns which table (the folder whose code creates it) and which SQL names a table of
 * another area. SQL is found in string literals and templates (raw statements) and in Kysely's
 * `selectFrom` / `insertInto` / `updateTable` / `deleteFrom` calls. A foreign key in DDL
 * (`references users`) is not a use of the table. The migration folder is left out: its steps
 * create and rebuild every area's tables by design until migrations move into the areas.
 */
import ts from 'typescript';
import { areaOf, type SourceFile } from './report';

/** One statement that names a table owned by another area. */
export interface ForeignSql {
  file: string;
  line: number;
  area: string;
  /** Tables named that belong to other areas, with their owners (`spot_trades@trade`). */
  tables: string[];
}

const KYSELY_CALLS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto']);
const TABLE_USE =
  /\b(?:from|join|into|update|table)\s+(?:if\s+(?:not\s+)?exists\s+)?["`]?([a-z_][a-z0-9_]*)/gi;
const CREATE = /\bcreate\s+table\s+(?:if\s+not\s+exists\s+)?["`]?([a-z_][a-z0-9_]*)/gi;
/**
 * Tables the first migration creates with Kysely's builder before areas had schema files, by the
 * area whose store reads and writes them. This list goes when migrations move into the areas.
 */
const MIGRATION_OWNERS: Record<string, string> = {
  users: 'mine',
  sessions: 'mine',
  codes: 'mine',
  tickets: 'mine',
  outbox: 'sim',
  migrations: 'db',
};
const LOOKS_LIKE_SQL =
  /\b(select|insert|update|delete|create|alter|drop|replace)\b[\s\S]*\b(from|into|table|set)\b/i;

const inMigrations = (file: string): boolean => file.startsWith('server/db/');

function areaName(file: string): string {
  return areaOf(file)?.area ?? file.split('/').slice(0, 2).join('/');
}

/** Texts of the string literals and templates in a file, with their lines. */
function stringsOf(s: SourceFile): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  const visit = (node: ts.Node): void => {
    let text: string | undefined;
    if (ts.isStringLiteralLike(node)) text = node.text;
    else if (ts.isTemplateExpression(node)) {
      text = node.head.text + node.templateSpans.map((sp) => ` ? ${sp.literal.text}`).join('');
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      KYSELY_CALLS.has(node.expression.name.text) &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      text = `from ${node.arguments[0].text.split(' ')[0]}`;
      out.push({
        text: `select * ${text}`,
        line: s.ast.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      });
      return;
    }
    if (text !== undefined) {
      out.push({ text, line: s.ast.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
      if (ts.isTemplateExpression(node)) return;
    }
    ts.forEachChild(node, visit);
  };
  visit(s.ast);
  return out;
}

/** Table name → owning area, from every `create table` in the server. */
export function tableOwners(sources: readonly SourceFile[]): Map<string, string> {
  const owners = new Map<string, string>();
  for (const s of sources) {
    if (!s.file.startsWith('server/')) continue;
    for (const { text } of stringsOf(s)) {
      for (const m of text.matchAll(CREATE)) {
        const table = m[1].toLowerCase();
        // An area's schema file wins over a migration that rebuilds the table.
        const known = owners.get(table);
        if (known === undefined || (inMigrations(known) && !inMigrations(s.file))) owners.set(table, s.file);
      }
    }
  }
  const areas = new Map([...owners].map(([t, f]) => [t, areaName(f)]));
  for (const [table, area] of Object.entries(MIGRATION_OWNERS)) areas.set(table, area);
  return areas;
}

/** Every SQL text outside the migrations that names a table another area owns. */
export function foreignSqlOf(sources: readonly SourceFile[], owners: Map<string, string>): ForeignSql[] {
  const out: ForeignSql[] = [];
  for (const s of sources) {
    if (!s.file.startsWith('server/') || inMigrations(s.file)) continue;
    const area = areaName(s.file);
    for (const { text, line } of stringsOf(s)) {
      if (!LOOKS_LIKE_SQL.test(text)) continue;
      const foreign = new Set<string>();
      for (const m of text.matchAll(TABLE_USE)) {
        const table = m[1].toLowerCase();
        const owner = owners.get(table);
        if (owner && owner !== area) foreign.add(`${table}@${owner}`);
      }
      if (foreign.size > 0) out.push({ file: s.file, line, area, tables: [...foreign].sort() });
    }
  }
  return out;
}
