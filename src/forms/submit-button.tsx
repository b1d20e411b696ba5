import type { ReactNode } from 'react';
import { Spinner } from '../components/spinner';
import { useOnline } from '../components/use-online';
import { useTranslation } from '../i18n/use-translation';

/**
 * The full-width primary button of a form; shows a spinner and blocks double submits while busy.
 * Every form sends to the server: offline the button is disabled and says it needs a connection
 * (what was typed stays).
 */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  const online = useOnline();
  const { t } = useTranslation();
  return (
    <button
      type="submit"
      className="btn btn--primary btn--block"
      disabled={busy || !online}
      aria-busy={busy}
      data-offline={!online || undefined}
    >
      {busy && <Spinner size={18} />}
      {online ? children : t('offline.needsNetwork')}
    </button>
  );
}
