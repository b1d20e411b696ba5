// The news area of the worker: articles and covers kept on the device, so the list and every
// article read once open offline with their date. Its code loads with the first use.
import type { WorkerModuleFactory } from '../module';
import type { CachedArticle, CachedNews, NewsFilter } from './news-cache';

/** The news area's part of CoreApi. */
export interface NewsApi {
  /**
   * News articles of the UI language kept on the device by earlier `news/list` and `news/detail`
   * calls, filtered like the list (pinned first, newest first), and when they were stored.
   */
  cachedNews(filter: NewsFilter): Promise<CachedNews>;
  /** An article read before on this device, with its body and when it was stored; null otherwise. */
  cachedArticle(id: number): Promise<CachedArticle | null>;
  /** A news cover image as a `data:` URL, from the device or fetched once; null when unavailable. */
  newsCover(id: string): Promise<string | null>;
}

export const newsModule: WorkerModuleFactory<NewsApi> = ({ store, api, ready, lang }) => ({
  api: {
    async cachedNews(filter) {
      await ready();
      return (await import('./news-cache')).cachedNewsList(store.db, lang(), filter);
    },
    cachedArticle: async (id) => (await import('./news-cache')).cachedArticle(store.db, id),
    async newsCover(id) {
      const m = await import('./news-cache');
      return m.coverUrl(store.get, store.set, id, async () => {
        const out = await api.call('news/cover', { id });
        return out.ok ? out.data : null;
      });
    },
  },
  async answered({ name, req, outcome }) {
    if ((name !== 'news/list' && name !== 'news/detail') || !outcome.ok) return;
    await import('./news-cache')
      .then((m) => m.rememberNews(store.db, name, req as Record<string, unknown>, outcome.data, Date.now()))
      .catch(() => undefined);
  },
});
