import { useUser } from '../../../core/contexts';
import { usePrivateData } from '../../../core/use-dated-read';

/**
 * The label the user gave the bound address of `coin` on `chain` (the quota names the address only),
 * or null. Nothing is asked while none is bound. A private read: offline the device's copy names it,
 * with no toast over the saved withdrawal page.
 */
export function useBoundLabel(coin: string, chain: string, address: string | null): string | null {
  const { user } = useUser();
  const read = usePrivateData('assets/addresses', { coin, chain }, address ? (user?.id ?? null) : null);
  return read.data?.find((a) => a.address === address)?.label || null;
}
