import { useCallback, useEffect, useRef, useState } from 'react';
import type { NewsArticle, NewsSummary } from '../../../domain/news-types';
import { useCore, usePrefs } from '../../core/contexts';
import { coreCall } from '../../core/core-client';

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

/** Articles per page of the list (the server's default). */
const PAGE = 20;

/** Filters of a list. */
export interface NewsListFilter {
  help?: boolean;
  pinned?: boolean;
  q?: string;
}

/**
 * The device's copy first (dated), then the server's answer. Public reads go straight to the core:
 * a failed read keeps what is shown and says so inline, with no toast over the page.
 */
export function useNewsList(
  filter: NewsListFilter,
): NewsListState & { reload(): Promise<void>; more(): Promise<void> } {
  const { core } = useCore();
  const { lang } = usePrefs();
  const [state, setState] = useState<NewsListState>({
    items: null,
    cachedAt: null,
    failed: false,
    loading: true,
  });
  const { help, pinned, q } = filter;
  const seq = useRef(0);

  /** The server's answer, or the device's copy marked as failed; null when a newer read started. */
  const fetchLive = useCallback(async (): Promise<NewsListState | null> => {
    const mine = ++seq.current;
    const f = { ...(help && { help: true }), ...(pinned && { pinned: true }), ...(q && { q }) };
    const out = await coreCall(core, 'news/list', { lang, ...f });
    if (out.ok)
      return mine === seq.current ? { items: out.data, cachedAt: null, failed: false, loading: false } : null;
    const cached = await core.cachedNews(f);
    return mine === seq.current
      ? { items: cached.items, cachedAt: cached.cachedAt, failed: true, loading: false }
      : null;
  }, [core, lang, help, pinned, q]);

  useEffect(() => {
    let live = true;
    const f = { ...(help && { help: true }), ...(pinned && { pinned: true }), ...(q && { q }) };
    // The device's copy shows at once unless the live answer already came.
    void core
      .cachedNews(f)
      .then(
        (c) =>
          live &&
          setState((s) => (s.loading || s.failed ? { ...s, items: c.items, cachedAt: c.cachedAt } : s)),
      );
    void fetchLive().then((next) => live && next && setState(next));
    return () => {
      live = false;
    };
  }, [core, fetchLive, help, pinned, q]);

  const reload = useCallback(async () => {
    const next = await fetchLive();
    if (next) setState(next);
  }, [fetchLive]);

  /** The next page: older than the oldest article not pinned (pinned ones lead the first page). */
  const more = useCallback(async () => {
    const shown = state.items ?? [];
    const oldest = Math.min(...shown.filter((a) => !a.pinned).map((a) => a.id), ...shown.map((a) => a.id));
    if (!Number.isFinite(oldest)) return;
    const mine = seq.current;
    const f = { ...(help && { help: true }), ...(pinned && { pinned: true }), ...(q && { q }) };
    const out = await coreCall(core, 'news/list', { lang, ...f, before: oldest });
    if (!out.ok || mine !== seq.current) return;
    setState((s) => {
      const known = new Set((s.items ?? []).map((a) => a.id));
      const items = [...(s.items ?? []), ...out.data.filter((a) => !known.has(a.id))];
      return { ...s, items, hasMore: out.data.length >= PAGE };
    });
  }, [core, lang, help, pinned, q, state.items]);
  return { ...state, reload, more };
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
