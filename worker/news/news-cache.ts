// News, notices and help articles kept on the device, so the list and every article read once open
// offline with their date. The `news/list` and `news/detail` calls never answer from here (their
// outcome stays honest about the network); pages read the cache next to the call and show the live
// answer once it arrives. Only public articles are kept: nothing private is cached.
import type { Lang } from '../../domain';
import type { NewsArticle, NewsCover, NewsSummary } from '../../domain/news-types';
import type { DbHandle } from '../db-handle';
import type { NewsRow } from '../store';

/** Cached articles of a list and when the newest of them was stored (null when none). */
export interface CachedNews {
  items: NewsSummary[];
  cachedAt: number | null;
}

/** A cached article with its body, and when it was stored. */
export interface CachedArticle {
  article: NewsArticle;
  cachedAt: number;
}

/** What a list page filters by, like `news/list`. */
export interface NewsFilter {
  help?: boolean;
  pinned?: boolean;
  q?: string;
}

/** Largest cache: articles per language; older ones go first. */
export const NEWS_CACHE_MAX = 200;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isSummary = (v: unknown): v is NewsSummary =>
  isObj(v) && typeof v.id === 'number' && typeof v.title === 'string' && typeof v.publishedAt === 'number';
const hasBody = (v: NewsSummary): v is NewsArticle => typeof (v as Partial<NewsArticle>).body === 'string';
const summaryOf = (v: NewsSummary): NewsSummary => {
  if (!hasBody(v)) return v;
  const { body: _body, ...rest } = v;
  return rest;
};
const flag = (v: unknown) => v === true || v === 'true' || v === '1';

/** Keeps what a successful `news/list` or `news/detail` answered. */
export async function rememberNews(
  handle: DbHandle,
  name: 'news/list' | 'news/detail',
  req: Record<string, unknown>,
  data: unknown,
  now: number,
): Promise<void> {
  const db = await handle.write();
  if (name === 'news/detail') {
    if (!isSummary(data) || !hasBody(data)) return;
    await db.news.put({ lang: data.lang, id: data.id, publishedAt: data.publishedAt, data, cachedAt: now });
    return;
  }
  if (!Array.isArray(data)) return;
  const items = data.filter(isSummary);
  const lang = typeof req.lang === 'string' ? (req.lang as Lang) : items[0]?.lang;
  if (!lang) return;
  await db.transaction('rw', 'news', async () => {
    for (const s of items) {
      const old = (await db.news.get([s.lang, s.id] as never)) as NewsRow | undefined;
      const prev = old?.data as NewsSummary | undefined;
      // A body read before stays while the article is unchanged; an edit makes it stale.
      const keep = prev && hasBody(prev) && prev.updatedAt === s.updatedAt ? { body: prev.body } : {};
      await db.news.put({
        lang: s.lang,
        id: s.id,
        publishedAt: s.publishedAt,
        data: { ...s, ...keep },
        cachedAt: now,
      });
    }
    // The plain first page names every article newer than its last one: others were withdrawn.
    const plain = !flag(req.help) && !flag(req.pinned) && !req.q && req.before === undefined;
    if (plain) {
      const ids = new Set(items.map((s) => s.id));
      const oldest = items.length > 0 ? Math.min(...ids) : 0;
      const limit = typeof req.limit === 'number' ? req.limit : 20;
      const complete = items.length < limit;
      const rows = await db.news
        .where('[lang+publishedAt]')
        .between([lang, -Infinity], [lang, Infinity])
        .toArray();
      const gone = rows.filter((r) => !ids.has(r.id) && (complete || r.id > oldest));
      await db.news.bulkDelete(gone.map((r) => [r.lang, r.id] as never));
      const extra = rows.length - gone.length + items.length - NEWS_CACHE_MAX;
      if (extra > 0) {
        const oldestFirst = rows.filter((r) => !ids.has(r.id)).sort((a, b) => a.publishedAt - b.publishedAt);
        await db.news.bulkDelete(oldestFirst.slice(0, extra).map((r) => [r.lang, r.id] as never));
      }
    }
  });
}

/** The cached articles of `lang` a list would show: pinned first, then newest first. */
export async function cachedNewsList(handle: DbHandle, lang: Lang, filter: NewsFilter): Promise<CachedNews> {
  const db = await handle.read();
  if (!db) return { items: [], cachedAt: null };
  const rows = await db.news
    .where('[lang+publishedAt]')
    .between([lang, -Infinity], [lang, Infinity])
    .toArray();
  const words = (filter.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const picked = rows.filter((r) => {
    const s = r.data as NewsSummary;
    if (!isSummary(s) || (filter.help && !s.help) || (filter.pinned && !s.pinned)) return false;
    const text = `${s.title} ${s.excerpt} ${hasBody(s) ? s.body : ''}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
  picked.sort((a, b) => {
    const x = a.data as NewsSummary;
    const y = b.data as NewsSummary;
    return Number(y.pinned) - Number(x.pinned) || y.id - x.id;
  });
  const cachedAt = picked.length > 0 ? Math.max(...picked.map((r) => r.cachedAt)) : null;
  return { items: picked.map((r) => summaryOf(r.data as NewsSummary)), cachedAt };
}

/** A cached article with its body, in any language, or null when it was never read on this device. */
export async function cachedArticle(handle: DbHandle, id: number): Promise<CachedArticle | null> {
  const db = await handle.read();
  if (!db) return null;
  const row = await db.news.filter((r) => r.id === id).first();
  const data = row?.data;
  if (!row || !isSummary(data) || !hasBody(data)) return null;
  return { article: data, cachedAt: row.cachedAt };
}

/** Key of a cover image in the `kv` table; covers never change under one id. */
export const coverKey = (id: string) => `news_cover:${id}`;

/** A cover as a `data:` URL, from the device or (then kept) from `fetchCover`; null when unavailable. */
export async function coverUrl(
  get: <T>(key: string) => Promise<T | undefined>,
  set: (key: string, value: unknown) => Promise<void>,
  id: string,
  fetchCover: () => Promise<NewsCover | null>,
): Promise<string | null> {
  let cover = await get<NewsCover>(coverKey(id));
  if (!cover) {
    cover = (await fetchCover()) ?? undefined;
    if (cover) await set(coverKey(id), cover).catch(() => undefined);
  }
  return cover ? `data:${cover.mime};base64,${cover.data}` : null;
}
