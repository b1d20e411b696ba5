import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Icon } from './icons';
import { Spinner } from './spinner';

/** Props of {@link PullToRefresh}. */
export interface PullToRefreshProps {
  /** How far the content must travel before a release refreshes (spec §9: 75 px home, 55 px trade). */
  offset: number;
  onRefresh(): Promise<unknown>;
  children: ReactNode;
}

/** Finger travel per pixel of content travel: the pull feels weighted, like native lists. */
const RESISTANCE = 0.5;

/**
 * Pull-to-refresh on the document scroll. Touch listeners are attached by hand because React
 * registers `touchmove` as passive, and the pull must cancel the browser's own overscroll.
 */
export function PullToRefresh({ offset, onRefresh, children }: PullToRefreshProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [pull, setPull] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const refresh = useRef(onRefresh);
  useEffect(() => {
    refresh.current = onRefresh;
  }, [onRefresh]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let startY: number | null = null;
    let distance = 0;
    let busy = false;
    const onStart = (e: TouchEvent) => {
      if (busy || window.scrollY > 0 || e.touches.length !== 1) return;
      startY = e.touches[0]!.clientY;
    };
    const onMove = (e: TouchEvent) => {
      if (startY === null) return;
      const dy = e.touches[0]!.clientY - startY;
      if (dy <= 0 || window.scrollY > 0) {
        distance = 0;
        setPull(0);
        return;
      }
      if (e.cancelable) e.preventDefault();
      distance = Math.min(dy * RESISTANCE, offset * 2);
      setPull(distance);
    };
    const onEnd = () => {
      if (startY === null) return;
      startY = null;
      if (distance < offset) {
        setPull(0);
        return;
      }
      busy = true;
      setRefreshing(true);
      setPull(offset);
      void refresh
        .current()
        .catch(() => undefined)
        .finally(() => {
          busy = false;
          setRefreshing(false);
          setPull(0);
        });
    };
    el.addEventListener('touchstart', onStart, { passive: true });
    el.addEventListener('touchmove', onMove, { passive: false });
    el.addEventListener('touchend', onEnd);
    el.addEventListener('touchcancel', onEnd);
    return () => {
      el.removeEventListener('touchstart', onStart);
      el.removeEventListener('touchmove', onMove);
      el.removeEventListener('touchend', onEnd);
      el.removeEventListener('touchcancel', onEnd);
    };
  }, [offset]);

  const ready = pull >= offset;
  const label = refreshing ? t('pull.refreshing') : ready ? t('pull.release') : t('pull.pull');
  return (
    <div ref={ref} className="ptr" data-pulling={pull > 0 || undefined}>
      <div className="ptr__indicator" style={{ height: pull }} aria-live="polite">
        {pull > 0 && (
          <span className="ptr__label">
            {refreshing ? (
              <Spinner size={16} />
            ) : (
              <Icon
                name="download"
                size={16}
                className={ready ? 'ptr__arrow ptr__arrow--up' : 'ptr__arrow'}
              />
            )}
            {label}
          </span>
        )}
      </div>
      {children}
    </div>
  );
}
