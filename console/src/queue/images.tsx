import { useEffect, useState } from 'react';
import { useCall } from '../core/use-call';
import { useTranslation } from '../core/use-translation';

/** An uploaded image (a proof, an identity photo), fetched through the worker and shown inline. */
export function UploadImage({ id, label }: { id: string; label: string }) {
  const call = useCall();
  const [src, setSrc] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void call('uploads/get', { id }).then((img) => {
      if (live) setSrc(img ? `data:${img.mime};base64,${img.data}` : null);
    });
    return () => {
      live = false;
    };
  }, [call, id]);
  return (
    <figure className="image" data-testid="upload-image">
      {src ? (
        <a href={src} target="_blank" rel="noreferrer">
          <img src={src} alt={label} />
        </a>
      ) : (
        <div className="image__none">{src === undefined ? '…' : '—'}</div>
      )}
      <figcaption>{label}</figcaption>
    </figure>
  );
}

/** The item's images; each look is recorded in the audit trail by the server. */
export function Images({ images }: { images: { label: string; id: string }[] }) {
  const { t } = useTranslation();
  if (images.length === 0) return null;
  return (
    <section className="card">
      <h2 className="card__title">{t('detail.images')}</h2>
      <div className="images">
        {images.map((img) => (
          <UploadImage key={img.id} id={img.id} label={t(img.label)} />
        ))}
      </div>
    </section>
  );
}
