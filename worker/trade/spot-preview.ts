import { previewOrder as computePreview, type OrderPreview, type PreviewInput } from '../../domain';

export type { OrderPreview, PreviewInput } from '../../domain';

/**
 * The order form's preview (total, fee, percentage shortcut), computed in the worker with the same
 * exact, floored math the server uses, so the UI thread does no arithmetic on money. Input that is
 * not a valid request (a missing pair, an unknown side) answers an empty preview instead of throwing.
 */
export function previewSpotOrder(input: PreviewInput): OrderPreview {
  const { pair, side, type } = input ?? {};
  if (!pair || (side !== 'buy' && side !== 'sell') || (type !== 'limit' && type !== 'market')) {
    return { total: null, fee: null, feeCoin: '', feeRate: '0', estimated: false };
  }
  try {
    return computePreview(input);
  } catch {
    // A malformed catalog value or percentage: show nothing rather than a wrong number.
    return {
      total: null,
      fee: null,
      feeCoin: side === 'buy' ? pair.base : pair.quote,
      feeRate: '0',
      estimated: false,
    };
  }
}
