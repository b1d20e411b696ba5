import { useEffect, useState } from 'react';
import { useCall } from '../../core/use-call';
import { Spinner } from '../../components/spinner';

/**
 * An image of the fiat area: a payee's code image or evidence through its order (`legal/image`), or
 * one of the caller's own uploads (`assets/proof`) when no order is given.
 */
export function LegalImage({ id, orderId, alt }: { id: string; orderId?: number; alt: string }) {
  const call = useCall();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let gone = false;
    const load = orderId === undefined ? call('assets/proof', { id }) : call('legal/image', { orderId, id });
    void load.then((out) => {
      if (gone) return;
      if (out.ok) setSrc(`data:${out.data.mime};base64,${out.data.data}`);
      else setFailed(true);
    });
    return () => {
      gone = true;
    };
  }, [call, id, orderId]);
  if (failed) return <span className="legal-image legal-image--failed" aria-label={alt} />;
  if (!src) {
    return (
      <span className="legal-image">
        <Spinner size={18} />
      </span>
    );
  }
  return <img className="legal-image" src={src} alt={alt} />;
}
