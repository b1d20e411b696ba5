import type { Database as SqliteDb } from 'better-sqlite3';

/** One column as SQLite reports it (`pragma table_info`). */
export interface ColumnShape {
  name: string;
  /** Declared type, lower case (`integer`, `text`, `blob`): it decides the column's affinity. */
  type: string;
  notNull: boolean;
  /** The default's SQL text, or null. */
  default: string | null;
  /** Position in the primary key (1-based), 0 when not part of it. */
  pk: number;
}

/** One index: named ones by name, the automatic ones of unique and primary-key constraints by shape. */
export interface IndexShape {
  name: string;
  columns: string[];
  unique: boolean;
  /** `c` created by `create index`, `u` a unique constraint, `pk` the primary key. */
  origin: string;
  /** The partial index's `where`, normalized, or null. */
  where: string | null;
}

/** Everything the schema says of one table. */
export interface TableShape {
  columns: ColumnShape[];
  indexes: IndexShape[];
  foreignKeys: string[];
  /** The check constraints' expressions, normalized and sorted. */
  checks: string[];
  withoutRowid: boolean;
  autoincrement: boolean;
}

/** A whole schema: tables by name, triggers by name (their SQL normalized). */
export interface SchemaShape {
  tables: Record<string, TableShape>;
  triggers: Record<string, string>;
}

/** Lower case, one space between tokens, none inside parentheses, identifiers unquoted. */
export function normalizeSql(text: string): string {
  return text
    .replace(/"([a-z_][a-z0-9_]*)"/gi, '$1')
    .replace(/\s+/g, ' ')
    .replace(/\( /g, '(')
    .replace(/ \)/g, ')')
    .trim()
    .toLowerCase();
}

/** The expressions of every `check (…)` in a `create table` text (quotes respected). */
export function checksOf(createTable: string): string[] {
  const out: string[] = [];
  const re = /\bcheck\s*\(/gi;
  for (let m = re.exec(createTable); m; m = re.exec(createTable)) {
    let depth = 1;
    let i = re.lastIndex;
    let quoted = false;
    for (; i < createTable.length && depth > 0; i++) {
      const ch = createTable[i];
      if (ch === "'") quoted = !quoted;
      else if (!quoted && ch === '(') depth++;
      else if (!quoted && ch === ')') depth--;
    }
    out.push(normalizeSql(createTable.slice(re.lastIndex, i - 1)));
    re.lastIndex = i;
  }
  return out.sort();
}

interface MasterRow {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

/** Reads the schema of a SQLite database: every table but SQLite's own, and every trigger. */
export function sqliteSchema(db: SqliteDb): SchemaShape {
  const master = db.prepare('select type, name, tbl_name, sql from sqlite_master').all() as MasterRow[];
  const tables: Record<string, TableShape> = {};
  for (const t of master.filter((r) => r.type === 'table' && !r.name.startsWith('sqlite_'))) {
    const columns = (
      db.prepare(`pragma table_info(${t.name})`).all() as {
        name: string;
        type: string;
        notnull: number;
        dflt_value: string | null;
        pk: number;
      }[]
    ).map((c) => ({
      name: c.name,
      type: c.type.toLowerCase(),
      notNull: c.notnull === 1,
      default: c.dflt_value,
      pk: c.pk,
    }));
    const indexes = (
      db.prepare(`pragma index_list(${t.name})`).all() as {
        name: string;
        unique: number;
        origin: string;
      }[]
    ).map((ix) => {
      const sql = master.find((r) => r.type === 'index' && r.name === ix.name)?.sql ?? null;
      const where = sql === null ? null : (/\bwhere\b([\s\S]*)$/i.exec(sql)?.[1] ?? null);
      return {
        // SQLite numbers its automatic indexes in constraint order: compare them by shape alone.
        name: ix.origin === 'c' ? ix.name : '(automatic)',
        columns: (db.prepare(`pragma index_info(${ix.name})`).all() as { name: string }[]).map((c) => c.name),
        unique: ix.unique === 1,
        origin: ix.origin,
        where: where === null ? null : normalizeSql(where),
      };
    });
    indexes.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
    const foreignKeys = (
      db.prepare(`pragma foreign_key_list(${t.name})`).all() as {
        table: string;
        from: string;
        to: string;
        on_update: string;
        on_delete: string;
      }[]
    )
      .map((f) => `${f.from} → ${f.table}(${f.to}) on update ${f.on_update} on delete ${f.on_delete}`)
      .sort();
    const sql = t.sql ?? '';
    tables[t.name] = {
      columns,
      indexes,
      foreignKeys,
      checks: checksOf(sql),
      withoutRowid: /\)\s*without\s+rowid\s*$/i.test(sql),
      autoincrement: /\bautoincrement\b/i.test(sql),
    };
  }
  const triggers: Record<string, string> = {};
  for (const t of master.filter((r) => r.type === 'trigger')) triggers[t.name] = normalizeSql(t.sql ?? '');
  return { tables, triggers };
}
