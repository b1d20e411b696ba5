import type { E, EndpointTable } from './endpoint-def';
import type { SellConfirmReq, SellQuote, SellQuoteReq, SellRecord } from './sell-types';

/** Endpoints of quick sell (`sell`): request and reply types per name. */
export interface SellEndpoints {
  'sell/quote': E<SellQuoteReq, SellQuote>;
  'sell/confirm': E<SellConfirmReq, SellRecord>;
  'sell/log': E<{ before?: number; limit?: number }, SellRecord[]>;
}

/** How each endpoint of quick sell is called. */
export const SELL_ENDPOINTS: EndpointTable<SellEndpoints> = {
  'sell/quote': { method: 'POST', variant: 3, auth: true },
  'sell/confirm': { method: 'POST', variant: 3, auth: true },
  'sell/log': { method: 'GET', variant: 3, auth: true },
};
