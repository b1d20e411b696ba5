import type { WithdrawQuota } from '../../../../domain/funding';
import { useUser } from '../../../core/contexts';
import { usePrivateData } from '../../../core/use-dated-read';
import type { DataTime } from '../../../core/use-private-read';

/** What the user may withdraw of a coin on a chain now (`assets/withdrawInfo`). */
export interface WithdrawInfoState {
  /** Null while loading, or after a failure with nothing saved on the device. */
  quota: WithdrawQuota | null;
  /** When `quota` was current and whether it is the device's copy (offline); null while there is none. */
  time: DataTime;
  failed: boolean;
  reload(): Promise<void>;
}

/**
 * Loads the withdrawal quota of `coin` on `chain` (nothing while either is empty: signed out, or no
 * coin open); answers for a coin the user has since left are dropped. A private read: after one
 * visit the fee, limits and bound address render from the device, dated, also offline.
 */
export function useWithdrawInfo(coin: string, chain: string): WithdrawInfoState {
  const { user } = useUser();
  const userId = coin && chain ? (user?.id ?? null) : null;
  const read = usePrivateData('assets/withdrawInfo', { coin, chain }, userId);
  return { quota: read.data, time: read.time, failed: read.failed, reload: read.reload };
}
