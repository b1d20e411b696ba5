import { randomBytes } from 'node:crypto';
import type { Lang } from '../../domain';
import { plainText } from '../../domain/news-rules';
import type { NewsArticle, NewsCover, NewsSummary } from '../../domain/news-types';
import { sql, statementsOf, type AsyncPrepared, type AsyncPreparedSet, type Engine } from '../db';

interface Row {
  id: number;
  lang: Lang;
  title: string;
  body: string;
  cover_id: string | null;
  pinned: number;
  help: number;
  published_at: number;
  updated_at: number;
  withdrawn_at: number | null;
  created_by: string;
}

/** An article as the operator sees it: withdrawn ones too. */
export interface OpsArticle extends NewsArticle {
  withdrawnAt: number | null;
  createdBy: string;
}

/** What an operator writes. */
export interface ArticleInput {
  lang: Lang;
  title: string;
  body: string;
  coverId: string | null;
  pinned: boolean;
  help: boolean;
}

/** A list query; `before` and `limit` page by id. */
export interface NewsQuery {
  lang: Lang;
  help: boolean;
  pinned: boolean;
  /** Lower-cased words, each of which must appear in the title or body. */
  words: readonly string[];
  before: number;
  limit: number;
}

// Integers are read with Number(): SQLite gives numbers, PostgreSQL's bigint columns strings.
const toRow = (r: Record<string, unknown>): Row => ({
  ...(r as unknown as Row),
  id: Number(r.id),
  pinned: Number(r.pinned),
  help: Number(r.help),
  published_at: Number(r.published_at),
  updated_at: Number(r.updated_at),
  withdrawn_at: r.withdrawn_at === null ? null : Number(r.withdrawn_at),
});

const toSummary = (r: Row): NewsSummary => ({
  id: r.id,
  lang: r.lang,
  title: r.title,
  excerpt: plainText(r.body),
  coverId: r.cover_id,
  pinned: r.pinned === 1,
  help: r.help === 1,
  publishedAt: r.published_at,
  updatedAt: r.updated_at,
});

const toArticle = (r: Row): NewsArticle => ({ ...toSummary(r), body: r.body });

/** LIKE pattern matching `word` literally. */
const like = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const toOps = (r: Row): OpsArticle => ({
  ...toArticle(r),
  withdrawnAt: r.withdrawn_at,
  createdBy: r.created_by,
});

/** What an operator writes, as the statements bind it. */
type ArticleColumns = [
  lang: Lang,
  title: string,
  body: string,
  coverId: string | null,
  pinned: 0 | 1,
  help: 0 | 1,
];

const columnsOf = (a: ArticleInput): ArticleColumns => [
  a.lang,
  a.title,
  a.body,
  a.coverId,
  a.pinned ? 1 : 0,
  a.help ? 1 : 0,
];

/** The statements over the news tables, named by what they do. */
const STATEMENTS = {
  byId: sql<[id: number], Row>('select * from news_articles where id = ?', toRow),
  all: sql<[lang: Lang | null, lang2: Lang | null, limit: number], OpsArticle>(
    'select * from news_articles where (cast(? as text) is null or lang = ?) order by id desc limit ?',
    (r) => toOps(toRow(r)),
  ),
  insert: sql<[...ArticleColumns, publishedAt: number, updatedAt: number, createdBy: string], number>(
    `insert into news_articles (lang, title, body, cover_id, pinned, help, published_at, updated_at, created_by)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
    (r) => Number(r.id),
  ),
  update: sql<[...ArticleColumns, updatedAt: number, id: number]>(
    `update news_articles set lang = ?, title = ?, body = ?, cover_id = ?, pinned = ?, help = ?, updated_at = ?
     where id = ?`,
  ),
  withdraw: sql<[withdrawnAt: number, updatedAt: number, id: number]>(
    'update news_articles set withdrawn_at = ?, updated_at = ? where id = ? and withdrawn_at is null',
  ),
  insertCover: sql<[id: string, mime: string, data: Buffer, createdAt: number]>(
    'insert into news_covers (id, mime, data, created_at) values (?, ?, ?, ?)',
  ),
  cover: sql<[id: string], NewsCover>('select id, mime, data from news_covers where id = ?', (r) => ({
    id: r.id as string,
    mime: r.mime as string,
    data: (r.data as Buffer).toString('base64'),
  })),
};

/**
 * The list query's text for one shape of query: its filters and the number of search words decide
 * the text, so each shape is bound once, on first use (at most 2 × 2 × 2 × 6 shapes).
 */
function listStatement(q: NewsQuery) {
  const where = ['lang = ?', 'withdrawn_at is null', 'id < ?'];
  if (q.help) where.push('help = 1');
  if (q.pinned) where.push('pinned = 1');
  for (let i = 0; i < q.words.length; i++) {
    where.push(`(lower(title) like ? escape '\\' or lower(body) like ? escape '\\')`);
  }
  // Pinned first only on the first page, so paging by id stays a plain descending walk.
  const order = q.before === Number.MAX_SAFE_INTEGER ? 'pinned desc, id desc' : 'id desc';
  return sql<unknown[], NewsSummary>(
    `select * from news_articles where ${where.join(' and ')} order by ${order} limit ?`,
    (r) => toSummary(toRow(r)),
  );
}

/**
 * The news tables. Writes run inside the caller's writer command, so the caller journals them in the
 * same command.
 */
export class NewsStore {
  readonly #q: AsyncPreparedSet<typeof STATEMENTS>;
  readonly #lists = new Map<string, AsyncPrepared<unknown[], NewsSummary>>();

  constructor(
    private readonly engine: Engine,
    private readonly now: () => number = Date.now,
  ) {
    this.#q = statementsOf(engine, STATEMENTS);
  }

  /** Published (not withdrawn) articles of a language, pinned first, then newest first. */
  list(q: NewsQuery): Promise<NewsSummary[]> {
    const args: unknown[] = [q.lang, q.before];
    for (const w of q.words) args.push(like(w), like(w));
    const first = q.before === Number.MAX_SAFE_INTEGER;
    const shape = `${+q.help}${+q.pinned}${+first}${q.words.length}`;
    let list = this.#lists.get(shape);
    if (!list) {
      list = statementsOf(this.engine, { list: listStatement(q) }).list;
      this.#lists.set(shape, list);
    }
    return list.all(...args, q.limit);
  }

  /** A published article, or undefined (unknown or withdrawn). */
  async published(id: number): Promise<NewsArticle | undefined> {
    const r = await this.#q.byId.get(id);
    return r && r.withdrawn_at === null ? toArticle(r) : undefined;
  }

  /** Any article, for the operator. */
  async get(id: number): Promise<OpsArticle | undefined> {
    const r = await this.#q.byId.get(id);
    return r && toOps(r);
  }

  /** Every article of a language (or all), newest first, for the operator. */
  all(lang: Lang | null, limit: number): Promise<OpsArticle[]> {
    return this.#q.all.all(lang, lang, limit);
  }

  /** Stores a new article; returns its id. In a command. */
  async insert(a: ArticleInput, operator: string): Promise<number> {
    const t = this.now();
    const info = await this.#q.insert.run(...columnsOf(a), t, t, operator);
    return info.lastId;
  }

  /** In a command. */
  async update(id: number, a: ArticleInput): Promise<void> {
    await this.#q.update.run(...columnsOf(a), this.now(), id);
  }

  /** Withdraws a published article; false when it was already withdrawn. In a command. */
  async withdraw(id: number): Promise<boolean> {
    const t = this.now();
    return (await this.#q.withdraw.run(t, t, id)).changes === 1;
  }

  /** Stores a cover (already decoded and checked); returns its id. In a command. */
  async saveCover(mime: string, bytes: Buffer): Promise<string> {
    const id = randomBytes(16).toString('hex');
    await this.#q.insertCover.run(id, mime, bytes, this.now());
    return id;
  }

  cover(id: string): Promise<NewsCover | undefined> {
    if (!/^[0-9a-f]{32}$/.test(id)) return Promise.resolve(undefined);
    return this.#q.cover.get(id);
  }
}
