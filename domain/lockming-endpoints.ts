import type { E, EndpointTable } from './endpoint-def';
import type {
  LockmingPosition,
  LockmingPositionDetail,
  LockmingProduct,
  LockmingTerms,
  LockReq,
} from './lockming-types';

/** A filter of the user's positions, newest first. */
export interface LockmingListReq {
  status?: 'locking' | 'expired' | 'all';
  /** Positions with an id below this one (paging). */
  before?: number;
  limit?: number;
}

/** Endpoints of lock-up mining and deposit savings (`lockming`). */
export interface LockmingEndpoints {
  'lockming/terms': E<Record<string, never>, LockmingTerms>;
  'lockming/products': E<Record<string, never>, LockmingProduct[]>;
  'lockming/lock': E<LockReq, LockmingPosition>;
  'lockming/positions': E<LockmingListReq, LockmingPosition[]>;
  'lockming/position': E<{ id: number | string }, LockmingPositionDetail>;
  'lockming/redeem': E<{ id: number | string }, LockmingPosition>;
}

/** How each `lockming` endpoint is called. */
export const LOCKMING_ENDPOINTS: EndpointTable<LockmingEndpoints> = {
  'lockming/terms': { method: 'GET', variant: 2, auth: false },
  'lockming/products': { method: 'GET', variant: 2, auth: false },
  'lockming/lock': { method: 'POST', variant: 3, auth: true },
  'lockming/positions': { method: 'GET', variant: 3, auth: true },
  'lockming/position': { method: 'GET', variant: 3, auth: true },
  'lockming/redeem': { method: 'POST', variant: 3, auth: true },
};
