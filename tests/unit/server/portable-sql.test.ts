// Every statement the server defines runs unchanged on SQLite and PostgreSQL 15: the PostgreSQL
// executor only rewrites `?` to `$n`. Each rule below is a construct one engine lacks or reads
// differently; the check loads every module, defines the statement families built at run time and
// names each offending text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations, defaultModules } from '../../../server/app';
import { definedStatements, type StatementDef } from '../../../server/db';
import { JournalStore } from '../../../server/ledger';
import { NewsStore } from '../../../server/news/store';
import { UploadClaims, UploadStore } from '../../../server/shared/uploads';
import { openTestDatabase, type Db } from '../../support/db';

interface Rule {
  name: string;
  /** Whether the (lower-cased, single-spaced) text breaks the rule. */
  breaks: (text: string) => boolean;
  /** A text the rule must flag and one it must pass, so each rule is known to work. */
  bad: string;
  good: string;
}

const re = (pattern: RegExp) => (text: string) => pattern.test(text);

/** The values an upsert's `do update set` assigns: each assignment's right side. */
function upsertValues(text: string): string[] {
  const at = text.indexOf(' do update set ');
  if (at < 0) return [];
  const clause = text.slice(at + ' do update set '.length).split(/ (?:returning|where) /)[0]!;
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < clause.length; i++) {
    if (clause[i] === '(') depth++;
    else if (clause[i] === ')') depth--;
    else if (clause[i] === ',' && depth === 0) {
      parts.push(clause.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(clause.slice(from));
  return parts.map((p) => p.slice(p.indexOf('=') + 1));
}

/** SQL words that may stand bare on the right of an upsert's `=`. */
const UPSERT_WORDS = new Set(['case', 'when', 'then', 'else', 'end', 'null', 'and', 'or', 'not', 'is']);

const RULES: Rule[] = [
  {
    name: '`insert or ignore|replace` / `replace into` (use `on conflict … do nothing|update`)',
    breaks: re(/\binsert or (ignore|replace|abort|fail|rollback)\b|^replace into\b/),
    bad: 'insert or ignore into t (a) values (?)',
    good: 'insert into t (a) values (?) on conflict do nothing',
  },
  {
    name: "SQLite's JSON functions (`json_each`, `json_extract` …; pass a list of `?`)",
    breaks: re(/\bjson_\w+\s*\(/),
    bad: 'select value from json_each(?)',
    good: 'select id from t where id in (?, ?)',
  },
  {
    name: 'SQLite catalog or pragma (`sqlite_master`, `pragma`)',
    breaks: re(/\bsqlite_\w+|\bpragma\b/),
    bad: "select 1 from sqlite_master where name = 't'",
    good: 'select 1 from t',
  },
  {
    name: '`ifnull` (use `coalesce`)',
    breaks: re(/\bifnull\s*\(/),
    bad: 'select ifnull(a, 0) from t',
    good: 'select coalesce(a, 0) from t',
  },
  {
    name: '`group_concat` (PostgreSQL: `string_agg`; build the list in TypeScript)',
    breaks: re(/\bgroup_concat\s*\(|\bstring_agg\s*\(/),
    bad: 'select group_concat(a) from t',
    good: 'select a from t',
  },
  {
    name: 'date functions (`strftime`, `datetime`, `julianday`, `unixepoch`, `date`, `time`, `now()`)',
    breaks: re(
      /\b(strftime|datetime|julianday|unixepoch|date|time|now)\s*\(|\bcurrent_(timestamp|date|time)\b/,
    ),
    bad: "select strftime('%s', 'now')",
    good: 'select created_at from t where created_at >= ?',
  },
  {
    name: '`glob` / `regexp` / `ilike`',
    breaks: re(/\b(glob|regexp|ilike)\b/),
    bad: "select a from t where a glob 'x*'",
    good: "select a from t where a = 'x'",
  },
  {
    name: '`like` on a column not lower-cased (case-sensitive on PostgreSQL, not on SQLite)',
    breaks: (text) => {
      const all = text.match(/\S+\s+like\b/g) ?? [];
      return all.some((m) => !/^(\(?)lower\([\w.]+\)\s+like$/.test(m));
    },
    bad: 'select a from t where title like ?',
    good: "select a from t where lower(title) like ? escape '\\' and lower(body) like ?",
  },
  {
    name: '`limit -1` / `limit … offset` without a positive limit',
    breaks: re(/\blimit\s+-/),
    bad: 'select a from t limit -1 offset 5',
    good: 'select a from t limit ?',
  },
  {
    name: '`rowid` (PostgreSQL has none; order by the primary key)',
    breaks: re(/\b(rowid|_rowid_|oid)\b/),
    bad: 'select a from t order by rowid',
    good: 'select a from t order by id',
  },
  {
    name: 'boolean literals `true` / `false` (the columns are integers 0 and 1)',
    breaks: re(/\b(true|false)\b/),
    bad: 'select a from t where pinned = true',
    good: 'select a from t where pinned = 1',
  },
  {
    name: 'two-argument `max(a, b)` / `min(a, b)` or `greatest` / `least` (use a `case`)',
    breaks: re(/\b(max|min)\s*\([^()]*,|\b(greatest|least)\s*\(/),
    bad: 'update t set a = max(a, ?)',
    good: 'select coalesce(max(id), 0) as m from t',
  },
  {
    name: '`||` (concatenation: SQLite converts numbers, PostgreSQL may not; join in TypeScript)',
    breaks: re(/\|\|/),
    bad: "select a || '-' || b from t",
    good: 'select a, b from t',
  },
  {
    name: '`/` (integer or real division differs by operand types; divide in TypeScript)',
    breaks: re(/[\w)]\s*\/\s*[\w(]/),
    bad: 'select total / count as avg from t',
    good: "select a from t where b = 'x/y'",
  },
  {
    name: 'double-quoted string literal (PostgreSQL reads it as a name)',
    breaks: re(/(=|<>|!=|\bin\s*\(|,\s*|\blike)\s*"[^"]*"\s*[),]?/),
    bad: 'select a from t where b = "x"',
    good: `select a as "from" from t where b = 'x'`,
  },
  {
    name: '`having` naming an output column (PostgreSQL sees only the expression)',
    breaks: (text) => [...text.matchAll(/\bhaving\s+([a-z_]\w*)\b(?!\s*[(.])/g)].some((m) => m[1] !== 'not'),
    bad: 'select a, sum(b) as s from t group by a having s != 0',
    good: 'select a, sum(b) as s from t group by a having sum(b) <> 0',
  },
  {
    name: 'a parameter only compared with null (`? is null`: PostgreSQL cannot type it; `cast(? as …)`)',
    breaks: re(/(?<!cast\()\?\s+is\s+(not\s+)?null/),
    bad: 'select a from t where (? is null or a = ?)',
    good: 'select a from t where (cast(? as text) is null or a = ?)',
  },
  {
    name: 'a parameter selected as it is (`select ?`: PostgreSQL types it text; cast it)',
    breaks: re(/\bselect\s+\?|,\s*\?\s+as\s+\w+|\(\s*select\s+\?/),
    bad: 'select 1 from (select ? as id) u',
    good: 'select 1 from (select cast(? as text) as id) u',
  },
  {
    name: 'a `case` whose only value is a parameter (PostgreSQL types it text; cast it)',
    breaks: re(/\bthen\s+\?\s+else\s+null\b|\bthen\s+null\s+else\s+\?\s+end\b|\bthen\s+\?\s+end\b/),
    bad: "update t set a = case when ? = 'x' then ? else null end",
    good: "update t set a = case when ? = 'x' then cast(? as bigint) else null end",
  },
  {
    name: 'a bare number as a condition (`where 1`: PostgreSQL wants a boolean)',
    breaks: re(
      /\b(where|and|or|not)\s+\(?\s*\d+\s*\)?\s*($|\)|\band\b|\bor\b|\border\b|\blimit\b|\bgroup\b)/,
    ),
    bad: 'select a from t where 1',
    good: 'select a from t where 1 = 1',
  },
  {
    name: 'a comparison selected as a value (`x is null as y`: PostgreSQL gives a boolean; use a `case`)',
    breaks: re(/\bis\s+(not\s+)?null\s+as\s+\w+/),
    bad: 'select a is not null as has from t',
    good: 'select case when a is null then 0 else 1 end as has from t',
  },
  {
    name: 'a bare column on the right of an upsert `set` (ambiguous on PostgreSQL; name the table)',
    breaks: (text) =>
      upsertValues(text).some((v) =>
        [...v.matchAll(/(?<![\w.'])([a-z_]\w*)\b(?!\s*[.(])/g)].some((m) => !UPSERT_WORDS.has(m[1]!)),
      ),
    bad: 'insert into c (k, n) values (?, 1) on conflict (k) do update set n = n + 1',
    good: 'insert into c (k, n) values (?, 1) on conflict (k) do update set n = c.n + 1, m = excluded.m, z = 0',
  },
];

/** The text as the rules read it: single-spaced, lower case, string literals emptied. */
const normal = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
    .replace(/'[^']*'/g, "''");

/** Whether a statement gives rows: a query, or a write with `returning`. */
const givesRows = (text: string) => /^(select|with)\b/.test(text) || /\breturning\b/.test(text);

describe('portable SQL', () => {
  let db: Db;
  let statements: StatementDef<readonly unknown[], unknown>[] = [];

  beforeAll(async () => {
    // Every module's statements, and the families defined at run time: the journal page's filter
    // shapes, the news list's shapes and the upload claims' statements.
    const modules = defaultModules();
    allMigrations(modules);
    db = await openTestDatabase();
    const journal = new JournalStore(db.engine);
    for (const account of ['spot', null] as const) {
      for (const coin of ['USDT', null]) {
        for (const kind of ['transfer', null]) {
          await journal.list({ userId: 1, account, coin, kind, before: 1e9, limit: 10 });
        }
      }
    }
    const news = new NewsStore(db.engine);
    for (const help of [false, true]) {
      for (const pinned of [false, true]) {
        for (const before of [Number.MAX_SAFE_INTEGER, 100]) {
          for (const words of [[], ['a', 'b']])
            await news.list({ lang: 'en', help, pinned, words, before, limit: 10 });
        }
      }
    }
    const claims = new UploadClaims(
      db.engine,
      modules.flatMap((m) => m.uploadClaims ?? []),
    );
    new UploadStore(db.engine, '/nonexistent', claims);
    new UploadStore(db.engine, '/nonexistent', new UploadClaims(db.engine, []));
    statements = [...definedStatements()];
  }, 60_000);

  afterAll(async () => {
    await db.close();
  });

  it('loads the statements of every area and of the run-time families', () => {
    const texts = statements.map((s) => normal(s.text));
    expect(texts.length).toBeGreaterThan(200);
    for (const table of ['balances', 'lever_orders', 'legal_orders', 'news_articles', 'uploads', 'users']) {
      expect(texts.some((t) => t.includes(` ${table} `))).toBe(true);
    }
    expect(texts.some((t) => t.includes('from journal j join ledger_tx t') && t.includes('t.kind = ?'))).toBe(
      true,
    );
    expect(texts.some((t) => t.includes('from news_articles') && t.includes('lower(title) like ?'))).toBe(
      true,
    );
    expect(texts.some((t) => t.includes('1 = 1'))).toBe(true);
  });

  it.each(RULES.map((r) => [r.name, r] as const))('each rule flags its example: %s', (_, rule) => {
    expect(rule.breaks(normal(rule.bad))).toBe(true);
    expect(rule.breaks(normal(rule.good))).toBe(false);
  });

  it('no statement uses a construct only SQLite has or PostgreSQL reads differently', () => {
    const found: string[] = [];
    for (const s of statements) {
      const text = normal(s.text);
      for (const rule of RULES) if (rule.breaks(text)) found.push(`${rule.name}:\n    ${text}`);
    }
    expect(found).toEqual([]);
  });

  it('quotes every mixed-case column name it gives (PostgreSQL folds an unquoted `as userId` to userid)', () => {
    const mixed = /\bas\s+([a-z][a-z0-9_]*[A-Z]\w*)\b/;
    expect(mixed.test('select user_id as userId from t')).toBe(true);
    expect(mixed.test('select user_id as "userId", a as b from t')).toBe(false);
    const found = statements.map((s) => s.text).filter((text) => mixed.test(text));
    expect(found).toEqual([]);
  });

  it('every statement that gives rows maps them (PostgreSQL gives bigint, counts and sums as strings)', () => {
    const unmapped = statements
      .map((s) => ({ text: normal(s.text), row: s.row }))
      .filter((s) => givesRows(s.text) && !s.row && !/^select 1 as found from /.test(s.text))
      // The simulated chain's transfer reads (server/sim, outside this change) map their rows in its
      // own code.
      .filter((s) => !s.text.includes(' from sim_chain_txs '));
    expect(unmapped.map((s) => s.text)).toEqual([]);
  });
});
