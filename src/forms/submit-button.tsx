import type { ReactNode } from 'react';
import { Spinner } from '../components/spinner';
import { useOnline } from '../components/use-online';
import { useTranslation } from '../i18n/use-translation';

/**
 * The full-width primary button of a form; shows a spinner and blocks double submits while busy.
 * With `needsNetwork` (forms that move money or change funding details) it is disabled offline and
 * says it needs a connection, what was typed staying; sign-in forms stay usable and report offline
 * in a toast, so a wrong "offline" guess never locks anyone out.
 */
export function SubmitButton({
  busy,
  needsNetwork = false,
  children,
}: {
  busy: boolean;
  needsNetwork?: boolean;
  children: ReactNode;
}) {
  const online = useOnline();
  const { t } = useTranslation();
  const blocked = needsNetwork && !online;
  return (
    <button
      type="submit"
      className="btn btn--primary btn--block"
      disabled={busy || blocked}
      aria-busy={busy}
      data-offline={blocked || undefined}
    >
      {busy && <Spinner size={18} />}
      {blocked ? t('offline.needsNetwork') : children}
    </button>
  );
}
