import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Spinner } from '../../../components/spinner';
import { useCall } from '../../../core/use-call';

/** A proof image the user uploaded, read through `assets/proof` (served only to its owner). */
export function ProofImage({ id }: { id: string }) {
  const { t } = useTranslation('assets');
  const call = useCall();
  const [src, setSrc] = useState<{ id: string; url: string | null } | null>(null);
  useEffect(() => {
    let live = true;
    void call('assets/proof', { id }).then((out) => {
      if (live) setSrc({ id, url: out.ok ? `data:${out.data.mime};base64,${out.data.data}` : null });
    });
    return () => {
      live = false;
    };
  }, [call, id]);
  const mine = src?.id === id ? src : null;
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
