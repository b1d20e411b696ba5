import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { NewsArticle, NewsSummary } from '../../../domain/news-types';
import { useCore, usePrefs } from '../../core/contexts';
import { coreCall } from '../../core/core-client';
import { usePaged, type PageLoader } from '../../core/use-paged';

/** What a list shows: items, and when they were stored when they came from the device cache. */
export interface NewsListState {
  items: NewsSummary[] | null;
  /** Null for a live answer; the time of the device copy otherwise. */
  cachedAt: number | null;
  /** The last network read failed (offline, server down). */
  failed: boolean;
  loading: boolean;
  /** A full page came from the server: older articles may follow. */
  hasMore?: boolean;
}

/** Filters of a list. */
export interface NewsListFilter {
  help?: boolean;
  pinned?: boolean;
  q?: string;
}

const articleId = (a: NewsSummary) => a.id;

/**
 * The device's copy first (dated), then the server's answer, a page at a time (`usePaged`; older
 * pages by the last article's id: pinned ones lead only the first page). Public reads go straight
 * to the core: a failed read shows the device's copy, dated, and says so inline, with no toast.
 * A new filter or language reads the first page again under the same key, so the list shown stays
 * until the answer is in; an answer for an older filter is dropped.
 */
export function useNewsList(
  filter: NewsListFilter,
): NewsListState & { reload(): Promise<void>; more(): Promise<void> } {
  const { core } = useCore();
  const { lang } = usePrefs();
  const { help, pinned, q } = filter;
  const [failed, setFailed] = useState(false);
  // Counts first-page reads: a page, or a device copy, of an older one is not shown.
  const seq = useRef(0);

  const load = useCallback<PageLoader<NewsSummary>>(
    async (before, onCached) => {
      const mine = before === undefined ? ++seq.current : seq.current;
      const current = () => mine === seq.current;
      const f = { ...(help && { help: true }), ...(pinned && { pinned: true }), ...(q && { q }) };
      if (onCached) {
        void core.cachedNews(f).then((c) => {
          if (current() && c.cachedAt !== null)
            onCached({ data: c.items, savedAt: c.cachedAt, source: 'cache' });
        });
      }
      const out = await coreCall(core, 'news/list', {
        lang,
        ...f,
        ...(before !== undefined && { before }),
      });
      if (!current()) return null;
      if (before !== undefined) return out.ok ? out.data : null;
      setFailed(!out.ok);
      if (out.ok) return out.data;
      const cached = await core.cachedNews(f);
      if (!current()) return null;
      return cached.cachedAt === null
        ? cached.items
        : { data: cached.items, savedAt: cached.cachedAt, source: 'cache' };
    },
    [core, lang, help, pinned, q],
  );
  const paged = usePaged('news', load, articleId);
  // A later page may repeat a pinned article of the first one.
  const items = useMemo(() => {
    if (!paged.items) return null;
    const seen = new Set<number>();
    return paged.items.filter((a) => !seen.has(a.id) && seen.add(a.id));
  }, [paged.items]);
  return {
    items,
    cachedAt: paged.time?.source === 'cache' ? paged.time.savedAt : null,
    failed,
    loading: paged.items === null,
    hasMore: !paged.done,
    reload: paged.reload,
    more: paged.more,
  };
}

type ArticleState = {
  id: number | null;
  article: NewsArticle | null;
  cachedAt: number | null;
  state: 'loading' | 'ready' | 'missing' | 'failed';
};

/** One article: the device's copy at once (dated) when it was read before, then the server's. */
export function useArticle(id: number | null): Omit<ArticleState, 'id'> & { reload(): Promise<void> } {
  const { core } = useCore();
  const [held, setHeld] = useState<ArticleState>({ id, article: null, cachedAt: null, state: 'loading' });

  const fetchLive = useCallback(
    async (hasCopy: boolean): Promise<ArticleState | null> => {
      if (id === null) return { id, article: null, cachedAt: null, state: 'missing' };
      const out = await coreCall(core, 'news/detail', { id });
      if (out.ok) return { id, article: out.data, cachedAt: null, state: 'ready' };
      if (out.messageKey === 'notFound') return { id, article: null, cachedAt: null, state: 'missing' };
      return hasCopy ? null : { id, article: null, cachedAt: null, state: 'failed' };
    },
    [core, id],
  );

  useEffect(() => {
    let live = true;
    void (async () => {
      const cached = id === null ? null : await core.cachedArticle(id);
      if (!live) return;
      if (cached)
        setHeld((h) =>
          h.id === id && h.state === 'ready' && h.cachedAt === null ? h : { id, ...cached, state: 'ready' },
        );
      const next = await fetchLive(cached !== null);
      if (live && next) setHeld(next);
    })();
    return () => {
      live = false;
    };
  }, [core, id, fetchLive]);

  const reload = useCallback(async () => {
    const next = await fetchLive(held.state === 'ready');
    if (next) setHeld(next);
  }, [fetchLive, held.state]);
  const mine = held.id === id ? held : { article: null, cachedAt: null, state: 'loading' as const };
  return { article: mine.article, cachedAt: mine.cachedAt, state: mine.state, reload };
}

/** A cover image as a URL the page can show, or null while loading or when unavailable. */
export function useCover(id: string | null): string | null {
  const { core } = useCore();
  const [url, setUrl] = useState<{ id: string; url: string | null } | null>(null);
  useEffect(() => {
    if (!id) return;
    let live = true;
    void core.newsCover(id).then((u) => live && setUrl({ id, url: u }));
    return () => {
      live = false;
    };
  }, [core, id]);
  return url && url.id === id ? url.url : null;
}
