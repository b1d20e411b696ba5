import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Spinner } from '../../../components/spinner';
import { useReconnect } from '../../../components/use-reconnect';
import { UNREACHED } from '../../../core/intents';
import { useCall } from '../../../core/use-call';

/**
 * A proof image the user uploaded, read through `assets/proof` (served only to its owner). The image
 * is not kept on the device (it can be a megabyte): offline the order renders from the device and
 * this says the image could not be loaded, without a toast, and loads it once back online.
 */
export function ProofImage({ id }: { id: string }) {
  const { t } = useTranslation('assets');
  const call = useCall();
  const [src, setSrc] = useState<{ id: string; url: string | null } | null>(null);
  const load = useCallback(
    (live: () => boolean) =>
      call('assets/proof', { id }, { states: UNREACHED }).then((out) => {
        if (live()) setSrc({ id, url: out.ok ? `data:${out.data.mime};base64,${out.data.data}` : null });
      }),
    [call, id],
  );
  useEffect(() => {
    let live = true;
    void load(() => live);
    return () => {
      live = false;
    };
  }, [load]);
  const mine = src?.id === id ? src : null;
  const failed = mine !== null && mine.url === null;
  useReconnect(useCallback(() => void (failed && load(() => true)), [failed, load]));
  return (
    <figure className="proof-image">
      {!mine ? (
        <Spinner size={24} />
      ) : mine.url ? (
        <img src={mine.url} alt={t('order.proofAlt')} data-testid="proof-image" />
      ) : (
        <figcaption className="card__text">{t('order.proofFailed')}</figcaption>
      )}
    </figure>
  );
}
