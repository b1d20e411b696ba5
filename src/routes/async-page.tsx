import { startTransition, useEffect, useState } from 'react';
import type { ComponentType } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { CHUNK_TIMEOUT_MS, PAGE_LOADING_DELAY_MS, PAGE_TIMEOUT_MS } from '../../domain/constants';
import { Screen } from '../components/screen';
import { Spinner } from '../components/spinner';
import { Icon } from '../components/icons';
import { loadNamespaces, NAMESPACES, type Namespace } from '../i18n/i18n';
import type { PageLoader } from './route-table';

type State =
  { status: 'pending' | 'slow' | 'timeout' | 'missing' } | { status: 'ready'; Page: ComponentType };

/** Pages already loaded render at once when visited again. */
const loaded = new Map<PageLoader, ComponentType>();

class ChunkTimeout extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeout()), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/**
 * A lazily loaded page with the timings of spec §9: nothing for the first 200 ms (most loads are
 * instant from the precache), then a loading state; after 60 s a "timed out" message; a chunk that
 * fails (or takes over 120 s) is reported as missing or timed out. Both offer Retry.
 */
export function AsyncPage({
  load,
  ns = NAMESPACES,
}: {
  load: PageLoader;
  ns?: readonly Namespace[] | undefined;
}) {
  const { t } = useTranslation();
  const cached = loaded.get(load);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>(
    cached ? { status: 'ready', Page: cached } : { status: 'pending' },
  );

  useEffect(() => {
    if (loaded.has(load)) return;
    let live = true;
    const waiting = (s: State) => s.status === 'pending' || s.status === 'slow';
    const slow = setTimeout(
      () => setState((s) => (s.status === 'pending' ? { status: 'slow' } : s)),
      PAGE_LOADING_DELAY_MS,
    );
    const timeout = setTimeout(
      () => setState((s) => (waiting(s) ? { status: 'timeout' } : s)),
      PAGE_TIMEOUT_MS,
    );
    // The page's texts load beside its chunk, so it never renders keys instead of words.
    const page = Promise.all([load(), loadNamespaces(ns)]).then(([Page]) => Page);
    withTimeout(page, CHUNK_TIMEOUT_MS).then(
      (Page) => {
        loaded.set(load, Page);
        // A page that arrives after the 60 s notice still replaces it: the user wanted it.
        // A transition: the page's first render is cut into short tasks instead of one long one.
        if (live) startTransition(() => setState({ status: 'ready', Page }));
      },
      (e: unknown) => {
        console.error('page chunk failed', e);
        if (live) setState({ status: e instanceof ChunkTimeout ? 'timeout' : 'missing' });
      },
    );
    return () => {
      live = false;
      clearTimeout(slow);
      clearTimeout(timeout);
    };
  }, [load, ns, attempt]);

  if (state.status === 'ready') return <state.Page />;
  if (state.status === 'pending') return null;
  if (state.status === 'slow') {
    return (
      <Screen>
        <div className="state">
          <Spinner size={28} />
          <p className="state__text">{t('page.loading')}</p>
        </div>
      </Screen>
    );
  }
  return (
    <Screen>
      <div className="state" role="alert">
        <span className="state__icon">
          <Icon name={state.status === 'timeout' ? 'clock' : 'wifiOff'} size={32} />
        </span>
        <p className="state__text">{t(state.status === 'timeout' ? 'page.timeout' : 'page.missing')}</p>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => {
            setState({ status: 'pending' });
            setAttempt((a) => a + 1);
          }}
        >
          {t('actions.retry')}
        </button>
      </div>
    </Screen>
  );
}
