// The lock-up and deposit savings area of the worker: the lock form's exact preview and the
// redemption's statement, computed with the server's rule; its code loads with the page.
import type { WorkerModuleFactory } from '../module';
import type { LockPreviewInput, LockPreviewResult, RedeemPreview } from './preview';
import type { LockmingPosition } from '../../domain/lockming-types';

/** The lock-up area's part of CoreApi. */
export interface LockmingApi {
  /** Daily interest, expected income and maturity of a lock of this amount now, as the server computes them. */
  previewLock(input: LockPreviewInput): Promise<LockPreviewResult>;
  /** What redeeming now returns and forfeits. */
  previewRedeem(
    p: Pick<LockmingPosition, 'kind' | 'amount' | 'interest'>,
    decimals: number,
  ): Promise<RedeemPreview>;
}

export const lockmingModule: WorkerModuleFactory<LockmingApi> = () => ({
  api: {
    previewLock: async (input) => (await import('./preview')).previewLock(input),
    previewRedeem: async (p, decimals) => (await import('./preview')).previewRedeem(p, decimals),
  },
});
