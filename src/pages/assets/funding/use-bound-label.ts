import { useEffect, useState } from 'react';
import { useCall } from '../../../core/use-call';

/**
 * The label the user gave the bound address of `coin` on `chain` (the quota names the address only),
 * or null. Read once per address; nothing is asked while none is bound.
 */
export function useBoundLabel(coin: string, chain: string, address: string | null): string | null {
  const call = useCall();
  const [held, setHeld] = useState<{ address: string; label: string } | null>(null);
  useEffect(() => {
    if (!address) return;
    let live = true;
    void call('assets/addresses', { coin, chain }).then((out) => {
      if (!live || !out.ok) return;
      const bound = out.data.find((a) => a.address === address);
      setHeld({ address, label: bound?.label ?? '' });
    });
    return () => {
      live = false;
    };
  }, [call, coin, chain, address]);
  return held && held.address === address && held.label ? held.label : null;
}
