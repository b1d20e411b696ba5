import { useEffect, useRef, useState } from 'react';
import type { OrderPreview, PreviewInput } from '../../../worker/core-api';
import { useCore } from '../../core/contexts';

/**
 * The exact preview of what the form holds, computed by the worker (the UI does no arithmetic on
 * money). Only the newest answer is kept, so fast typing never shows an older value last.
 */
export function useOrderPreview(input: PreviewInput | null): OrderPreview | null {
  const { core } = useCore();
  const [preview, setPreview] = useState<OrderPreview | null>(null);
  const seq = useRef(0);
  const key = input ? JSON.stringify(input) : '';

  useEffect(() => {
    const n = ++seq.current;
    if (!key) return;
    core.previewOrder(JSON.parse(key) as PreviewInput).then(
      (p) => {
        // The same answer again (a new best price that changes nothing) renders nothing.
        if (n === seq.current) setPreview((prev) => (JSON.stringify(prev) === JSON.stringify(p) ? prev : p));
      },
      (e: unknown) => console.error('previewOrder failed', e),
    );
  }, [core, key]);

  return key ? preview : null;
}
