import type { E, Empty, EndpointTable } from './endpoint-def';
import type {
  LeverCloseAllRes,
  LeverCloseScope,
  LeverOpenReq,
  LeverOrder,
  LeverStatus,
  LeverTerms,
} from './lever';

/** Endpoints of leveraged contracts (`lever`): request and reply types per name. */
export interface LeverEndpoints {
  /** The catalog's lever terms (public). */
  'lever/config': E<Empty, LeverTerms>;
  /** Opens a market order at once or places a limit order (entrusting). */
  'lever/open': E<LeverOpenReq, LeverOrder>;
  /** Cancels an entrusting limit order; its margin and fee are unfrozen. */
  'lever/cancel': E<{ id: number | string }, LeverOrder>;
  /** Sets or clears take-profit and stop-loss of an open position (empty clears). */
  'lever/tpsl': E<{ id: number | string; tp?: string; sl?: string }, LeverOrder>;
  /** Closes one open position at the contract price. */
  'lever/close': E<{ id: number | string }, LeverOrder>;
  /** Closes every open position, or only longs or shorts, optionally of one pair. */
  'lever/closeAll': E<{ scope: LeverCloseScope; symbol?: string }, LeverCloseAllRes>;
  /** The caller's open positions and entrusting orders. */
  'lever/positions': E<{ symbol?: string }, LeverOrder[]>;
  /** The caller's orders of every state, newest first, paged by id. */
  'lever/orders': E<
    { status?: LeverStatus | 'all'; symbol?: string; before?: number; limit?: number },
    LeverOrder[]
  >;
  /** One order of the caller with its settlement receipt. */
  'lever/order': E<{ id: number | string }, LeverOrder>;
}

/** How each endpoint of leveraged contracts (`lever`) is called. */
export const LEVER_ENDPOINTS: EndpointTable<LeverEndpoints> = {
  'lever/config': { method: 'GET', variant: 2, auth: false },
  'lever/open': { method: 'POST', variant: 3, auth: true },
  'lever/cancel': { method: 'POST', variant: 3, auth: true },
  'lever/tpsl': { method: 'POST', variant: 3, auth: true },
  'lever/close': { method: 'POST', variant: 3, auth: true },
  'lever/closeAll': { method: 'POST', variant: 3, auth: true },
  'lever/positions': { method: 'GET', variant: 3, auth: true },
  'lever/orders': { method: 'GET', variant: 3, auth: true },
  'lever/order': { method: 'GET', variant: 3, auth: true },
};
