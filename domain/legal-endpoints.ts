import type { E, Empty, EndpointTable } from './endpoint-def';
import type {
  AdReq,
  LegalAd,
  LegalConfig,
  LegalMe,
  LegalOrder,
  LegalOrderStatus,
  MerchantInfo,
  OrderMessage,
  PaymentMethod,
  PaymentMethodReq,
  TakeReq,
} from './legal';

/** Paging of a list: ids below `before`, at most `limit`. */
interface Page {
  before?: number;
  limit?: number;
}

/** Endpoints of fiat P2P and merchant stores (`legal`): request and reply types per name. */
export interface LegalEndpoints {
  'legal/config': E<Empty, LegalConfig>;
  'legal/me': E<Empty, LegalMe>;
  'legal/methods': E<Empty, PaymentMethod[]>;
  'legal/methodSave': E<PaymentMethodReq, PaymentMethod>;
  'legal/methodRemove': E<{ id: number | string }, Empty>;
  'legal/ads': E<{ side: 'buy' | 'sell'; coin: string; currency: string } & Page, LegalAd[]>;
  'legal/ad': E<{ id: number | string }, LegalAd>;
  'legal/take': E<TakeReq, LegalOrder>;
  'legal/orders': E<
    { status?: LegalOrderStatus | 'open' | ''; asMerchant?: boolean | string } & Page,
    LegalOrder[]
  >;
  'legal/order': E<{ id: number | string }, LegalOrder>;
  'legal/pay': E<{ id: number | string; reference: string }, LegalOrder>;
  'legal/release': E<{ id: number | string }, LegalOrder>;
  'legal/cancel': E<{ id: number | string }, LegalOrder>;
  'legal/appeal': E<{ id: number | string; reason: string; evidence?: string }, LegalOrder>;
  'legal/image': E<{ orderId: number | string; id: string }, { id: string; mime: string; data: string }>;
  'legal/messages': E<{ id: number | string }, OrderMessage[]>;
  'legal/messageSend': E<{ id: number | string; text?: string; imageId?: string }, OrderMessage>;
  'legal/merchantApply': E<{ nickname: string }, LegalMe>;
  'legal/merchant': E<{ userId: number | string }, MerchantInfo & { ads: LegalAd[] }>;
  'legal/myAds': E<{ status?: string }, LegalAd[]>;
  'legal/adSave': E<AdReq, LegalAd>;
  'legal/adPause': E<{ id: number | string; paused: boolean | string }, LegalAd>;
  'legal/adWithdraw': E<{ id: number | string }, LegalAd>;
}

/** How each endpoint of fiat P2P and merchant stores (`legal`) is called. */
export const LEGAL_ENDPOINTS: EndpointTable<LegalEndpoints> = {
  'legal/config': { method: 'GET', variant: 2, auth: false },
  'legal/me': { method: 'GET', variant: 3, auth: true },
  'legal/methods': { method: 'GET', variant: 3, auth: true },
  'legal/methodSave': { method: 'POST', variant: 3, auth: true },
  'legal/methodRemove': { method: 'POST', variant: 3, auth: true },
  'legal/ads': { method: 'GET', variant: 2, auth: false },
  'legal/ad': { method: 'GET', variant: 2, auth: false },
  'legal/take': { method: 'POST', variant: 3, auth: true },
  'legal/orders': { method: 'GET', variant: 3, auth: true },
  'legal/order': { method: 'GET', variant: 3, auth: true },
  'legal/pay': { method: 'POST', variant: 3, auth: true },
  'legal/release': { method: 'POST', variant: 3, auth: true },
  'legal/cancel': { method: 'POST', variant: 3, auth: true },
  'legal/appeal': { method: 'POST', variant: 3, auth: true },
  'legal/image': { method: 'GET', variant: 3, auth: true },
  'legal/messages': { method: 'GET', variant: 3, auth: true },
  'legal/messageSend': { method: 'POST', variant: 3, auth: true },
  'legal/merchantApply': { method: 'POST', variant: 3, auth: true },
  'legal/merchant': { method: 'GET', variant: 2, auth: false },
  'legal/myAds': { method: 'GET', variant: 3, auth: true },
  'legal/adSave': { method: 'POST', variant: 3, auth: true },
  'legal/adPause': { method: 'POST', variant: 3, auth: true },
  'legal/adWithdraw': { method: 'POST', variant: 3, auth: true },
};
