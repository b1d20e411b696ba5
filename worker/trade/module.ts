// The spot trade area of the worker: the order form's exact preview. Decimal math loads with the
// first form that needs it, not with the first render.
import type { WorkerModuleFactory } from '../module';
import type { OrderPreview, PreviewInput } from './spot-preview';

/** The spot trade area's part of CoreApi. */
export interface TradeApi {
  /**
   * The spot order form's exact preview (total, fee, percentage shortcut), floored like the server
   * computes it; the UI does no arithmetic on money.
   */
  previewOrder(input: PreviewInput): Promise<OrderPreview>;
}

export const tradeModule: WorkerModuleFactory<TradeApi> = () => ({
  api: {
    previewOrder: async (input) => (await import('./spot-preview')).previewSpotOrder(input),
  },
});
