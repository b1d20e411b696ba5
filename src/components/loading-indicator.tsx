import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { LOADING_HIDE_MS } from '../../domain/constants';
import { onBusy } from '../core/core-client';
import { Spinner } from './spinner';

/**
 * The loading indicator of spec §7 variant 3: shown while such a call is in flight, hidden when it
 * ends and at the latest LOADING_HIDE_MS after it appeared (spec §9), so it never blocks the page.
 */
export function LoadingIndicator() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onBusy((busy) => {
      clearTimeout(timer);
      setShown(busy);
      if (busy) timer = setTimeout(() => setShown(false), LOADING_HIDE_MS);
    });
    return () => {
      clearTimeout(timer);
      off();
    };
  }, []);
  if (!shown) return null;
  return (
    <div className="loading-indicator" data-testid="loading-indicator">
      <Spinner size={18} label={t('loading')} />
    </div>
  );
}
