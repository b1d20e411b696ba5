import { randomBytes } from 'node:crypto';
import type { Database as SqliteDb, Statement } from 'better-sqlite3';
import type { Lang } from '../../domain';
import { plainText } from '../../domain/news-rules';
import type { NewsArticle, NewsCover, NewsSummary } from '../../domain/news-types';

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

/** The news tables. Writes are synchronous so the caller journals them in the same transaction. */
export class NewsStore {
  readonly #byId: Statement;
  readonly #insert: Statement;
  readonly #update: Statement;
  readonly #withdraw: Statement;
  readonly #insertCover: Statement;
  readonly #cover: Statement;

  constructor(
    private readonly sqlite: SqliteDb,
    private readonly now: () => number = Date.now,
  ) {
    this.#byId = sqlite.prepare('select * from news_articles where id = ?');
    this.#insert = sqlite.prepare(
      `insert into news_articles (lang, title, body, cover_id, pinned, help, published_at, updated_at, created_by)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#update = sqlite.prepare(
      `update news_articles set lang = ?, title = ?, body = ?, cover_id = ?, pinned = ?, help = ?, updated_at = ?
       where id = ?`,
    );
    this.#withdraw = sqlite.prepare(
      'update news_articles set withdrawn_at = ?, updated_at = ? where id = ? and withdrawn_at is null',
    );
    this.#insertCover = sqlite.prepare(
      'insert into news_covers (id, mime, data, created_at) values (?, ?, ?, ?)',
    );
    this.#cover = sqlite.prepare('select id, mime, data from news_covers where id = ?');
  }

  /** Published (not withdrawn) articles of a language, pinned first, then newest first. */
  list(q: NewsQuery): NewsSummary[] {
    const where = ['lang = ?', 'withdrawn_at is null', 'id < ?'];
    const args: unknown[] = [q.lang, q.before];
    if (q.help) where.push('help = 1');
    if (q.pinned) where.push('pinned = 1');
    for (const w of q.words) {
      where.push(`(lower(title) like ? escape '\\' or lower(body) like ? escape '\\')`);
      args.push(like(w), like(w));
    }
    // Pinned first only on the first page, so paging by id stays a plain descending walk.
    const order = q.before === Number.MAX_SAFE_INTEGER ? 'pinned desc, id desc' : 'id desc';
    const rows = this.sqlite
      .prepare(`select * from news_articles where ${where.join(' and ')} order by ${order} limit ?`)
      .all(...args, q.limit) as Row[];
    return rows.map(toSummary);
  }

  /** A published article, or undefined (unknown or withdrawn). */
  published(id: number): NewsArticle | undefined {
    const r = this.#byId.get(id) as Row | undefined;
    return r && r.withdrawn_at === null ? toArticle(r) : undefined;
  }

  /** Any article, for the operator. */
  get(id: number): OpsArticle | undefined {
    const r = this.#byId.get(id) as Row | undefined;
    return r && { ...toArticle(r), withdrawnAt: r.withdrawn_at, createdBy: r.created_by };
  }

  /** Every article of a language (or all), newest first, for the operator. */
  all(lang: Lang | null, limit: number): OpsArticle[] {
    const rows = this.sqlite
      .prepare(`select * from news_articles where (? is null or lang = ?) order by id desc limit ?`)
      .all(lang, lang, limit) as Row[];
    return rows.map((r) => ({ ...toArticle(r), withdrawnAt: r.withdrawn_at, createdBy: r.created_by }));
  }

  insert(a: ArticleInput, operator: string): number {
    const t = this.now();
    const info = this.#insert.run(
      a.lang,
      a.title,
      a.body,
      a.coverId,
      a.pinned ? 1 : 0,
      a.help ? 1 : 0,
      t,
      t,
      operator,
    );
    return Number(info.lastInsertRowid);
  }

  update(id: number, a: ArticleInput): void {
    this.#update.run(a.lang, a.title, a.body, a.coverId, a.pinned ? 1 : 0, a.help ? 1 : 0, this.now(), id);
  }

  /** Withdraws a published article; false when it was already withdrawn. */
  withdraw(id: number): boolean {
    const t = this.now();
    return this.#withdraw.run(t, t, id).changes === 1;
  }

  saveCover(mime: string, bytes: Buffer): string {
    const id = randomBytes(16).toString('hex');
    this.#insertCover.run(id, mime, bytes, this.now());
    return id;
  }

  cover(id: string): NewsCover | undefined {
    if (!/^[0-9a-f]{32}$/.test(id)) return undefined;
    const r = this.#cover.get(id) as { id: string; mime: string; data: Buffer } | undefined;
    return r && { id: r.id, mime: r.mime, data: r.data.toString('base64') };
  }
}
