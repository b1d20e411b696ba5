import type { JournalLine, TransferRecord, TransferReq } from './assets';
import type { AssetsOverview } from './assets-estimate';
import type {
  BankCard,
  BankDeposit,
  BankDepositReq,
  BindAddressReq,
  BindCardReq,
  BoundAddress,
  CryptoDeposit,
  DepositAddress,
  UploadedImage,
  UploadReq,
  Withdrawal,
  WithdrawQuota,
  WithdrawReq,
} from './funding';
import type { E, Empty, EndpointDef, EndpointTable } from './endpoint-def';
// Types only: a value import here would tie every area's table to everything that imports the
// domain barrel (the worker's first load among them). The whole table is in endpoint-table.ts.
import type { LeverEndpoints } from './lever-endpoints';
import type { SecondEndpoints } from './second-endpoints';
import type { SellEndpoints } from './sell-endpoints';
import type { LegalEndpoints } from './legal-endpoints';
import type { IeoEndpoints } from './ieo-endpoints';
import type { ContentEndpoints } from './content-endpoints';
import type { IdentityEndpoints } from './identity-endpoints';
import type { LockmingEndpoints } from './lockming-endpoints';
import type { CatalogInfo } from './market';
import type { Candle, CandleInterval, DepthSnapshot, Ticker, TradeTick } from './market-data';
import type { BalanceLine, PlaceOrderReq, SpotFill, SpotOrder } from './spot';
import type { Lang } from './locale';
import type { AccountKind } from './rules';

/** Why a verification code is sent. */
export type CodeScene = 'register' | 'forget' | 'setPwd' | 'tradePwd' | 'bind';
export const CODE_SCENES: readonly CodeScene[] = ['register', 'forget', 'setPwd', 'tradePwd', 'bind'];

/** Identity verification state (spec §4). */
export type KycState = 'none' | 'review' | 'verified';

/** The signed-in user as the app sees it. */
export interface UserInfo {
  id: number;
  /** The registered mobile number or e-mail; it cannot be changed (spec §5). */
  account: string;
  accountKind: AccountKind;
  level: 'member' | 'agent';
  /** The user's own promotion code, for referrals. */
  promoCode: string;
  /** Credit score, an integer, 100 on registration. */
  creditScore: number;
  kyc: KycState;
  hasTradePassword: boolean;
  /** ISO 8601 time of registration. */
  createdAt: string;
}

/** A new session. */
export interface SessionGrant {
  /** Opaque bearer token; the server stores only its hash. */
  token: string;
  /** ISO 8601 expiry time. */
  expiresAt: string;
  user: UserInfo;
}

/** Global settings (variant 5). */
export interface Settings {
  appName: string;
  /** `demo` runs simulators and shows the code outbox; `production` never does. */
  mode: 'demo' | 'production';
  /** Which parts of the outside world are simulated, so the UI can say so. */
  simulated: { market: boolean; chain: boolean; messages: boolean };
  support: { email: string; hours: string };
  /** Path of the WebSocket on this host. */
  socketPath: string;
  version: string;
  /** Server time, ISO 8601. */
  serverTime: string;
}

/** The address lookup (variant 5, served without the /api prefix): the requester's locale hints. */
export interface AddressLookup {
  /** Best product language for the requester, from Accept-Language, or null. */
  lang: Lang | null;
  /** Region subtag from Accept-Language (such as `ID`), or null. */
  region: string | null;
}

/** A message kept by the code outbox (demo mode only). */
export interface OutboxMessage {
  to: string;
  channel: AccountKind;
  scene: CodeScene;
  body: string;
  code: string;
  createdAt: string;
}

/** Request and reply types per endpoint name of the core areas (accounts, market, spot, assets). */
export interface CoreEndpoints {
  settings: E<Empty, Settings>;
  'address/lookup': E<Empty, AddressLookup>;
  'sms/send': E<{ account: string; scene: CodeScene }, { resendAfter: number }>;
  'user/register': E<
    {
      kind: AccountKind;
      account: string;
      code: string;
      password: string;
      confirm: string;
      promo?: string;
      agree: boolean | string;
    },
    SessionGrant
  >;
  'user/login': E<{ account: string; password: string }, SessionGrant>;
  'user/forget': E<{ account: string; code: string }, { ticket: string }>;
  'user/forgetNext': E<{ ticket: string; password: string; confirm: string }, Empty>;
  'user/checkAccount': E<{ account: string }, { exists: boolean }>;
  'dev/outbox': E<{ account: string }, OutboxMessage[]>;
  'user/info': E<Empty, UserInfo>;
  'user/logout': E<Empty, Empty>;
  'user/modifyPwd': E<{ oldPassword: string }, { ticket: string }>;
  'user/modifyPwdNext': E<{ ticket: string; password: string; confirm: string }, Empty>;
  'user/setPwd': E<{ code: string; password: string; confirm: string }, Empty>;
  'user/tradePwd': E<{ code: string; password: string; confirm: string }, Empty>;
  'user/checkTradePwd': E<{ tradePassword: string }, Empty>;
  'market/catalog': E<Empty, CatalogInfo>;
  'market/tickers': E<Empty, Ticker[]>;
  'market/depth': E<{ symbol: string }, DepthSnapshot>;
  'market/trades': E<{ symbol: string }, TradeTick[]>;
  'market/candles': E<
    { symbol: string; interval: CandleInterval; before?: number; limit?: number },
    Candle[]
  >;
  'trade/place': E<PlaceOrderReq, SpotOrder>;
  'trade/cancel': E<{ orderId: number | string }, SpotOrder>;
  'trade/orders': E<
    { symbol?: string; status: 'open' | 'history' | 'all'; before?: number; limit?: number },
    SpotOrder[]
  >;
  'trade/fills': E<{ symbol?: string; before?: number; limit?: number }, SpotFill[]>;
  'assets/balances': E<Empty, BalanceLine[]>;
  'assets/overview': E<Empty, AssetsOverview>;
  'assets/transfer': E<TransferReq, TransferRecord>;
  'assets/transfers': E<{ coin?: string; before?: number; limit?: number }, TransferRecord[]>;
  'assets/journal': E<
    { account?: string; coin?: string; kind?: string; before?: number; limit?: number },
    JournalLine[]
  >;
  'assets/depositAddress': E<{ coin: string; chain: string }, DepositAddress>;
  'assets/deposits': E<{ coin?: string; before?: number; limit?: number }, CryptoDeposit[]>;
  'assets/withdrawInfo': E<{ coin: string; chain: string }, WithdrawQuota>;
  'assets/withdraw': E<WithdrawReq, Withdrawal>;
  'assets/withdrawCancel': E<{ id: number | string }, Withdrawal>;
  'assets/withdrawals': E<{ coin?: string; before?: number; limit?: number }, Withdrawal[]>;
  'assets/addresses': E<{ coin?: string; chain?: string }, BoundAddress[]>;
  'assets/bindAddress': E<BindAddressReq, BoundAddress>;
  'assets/unbindAddress': E<{ id: number | string }, Empty>;
  'assets/upload': E<UploadReq, { id: string }>;
  'assets/proof': E<{ id: string }, UploadedImage>;
  'assets/bankDeposit': E<BankDepositReq, BankDeposit>;
  'assets/bankDeposits': E<{ before?: number; limit?: number }, BankDeposit[]>;
  'assets/bankDepositDetail': E<{ id: number | string }, BankDeposit>;
  'user/bankCard': E<Empty, { card: BankCard | null }>;
  'user/bindCard': E<BindCardReq, BankCard>;
}
/** Request and reply types per endpoint name: the core areas, and later areas from their own files. */
export interface Endpoints
  extends
    CoreEndpoints,
    LeverEndpoints,
    SecondEndpoints,
    LegalEndpoints,
    IdentityEndpoints,
    ContentEndpoints,
    SellEndpoints,
    IeoEndpoints,
    LockmingEndpoints {}
export type EndpointName = keyof Endpoints;
export type { EndpointDef } from './endpoint-def';
export type Req<K extends EndpointName> = Endpoints[K]['req'];
export type Res<K extends EndpointName> = Endpoints[K]['res'];

/** How each core endpoint is called (see ENDPOINTS for the whole table). */
export const CORE_ENDPOINTS: EndpointTable<CoreEndpoints> = {
  settings: { method: 'GET', variant: 5, auth: false },
  'address/lookup': { method: 'GET', variant: 5, auth: false, noPrefix: true },
  'sms/send': { method: 'POST', variant: 1, auth: false },
  'user/register': { method: 'POST', variant: 1, auth: false },
  'user/login': { method: 'POST', variant: 1, auth: false },
  'user/forget': { method: 'POST', variant: 1, auth: false },
  'user/forgetNext': { method: 'POST', variant: 1, auth: false },
  'user/checkAccount': { method: 'GET', variant: 2, auth: false },
  'dev/outbox': { method: 'GET', variant: 2, auth: false },
  'user/info': { method: 'GET', variant: 4, auth: true },
  'user/logout': { method: 'POST', variant: 3, auth: true },
  'user/modifyPwd': { method: 'POST', variant: 3, auth: true },
  'user/modifyPwdNext': { method: 'POST', variant: 3, auth: true },
  'user/setPwd': { method: 'POST', variant: 3, auth: true },
  'user/tradePwd': { method: 'POST', variant: 3, auth: true },
  'user/checkTradePwd': { method: 'POST', variant: 3, auth: true },
  'market/catalog': { method: 'GET', variant: 2, auth: false },
  'market/tickers': { method: 'GET', variant: 2, auth: false },
  'market/depth': { method: 'GET', variant: 2, auth: false },
  'market/trades': { method: 'GET', variant: 2, auth: false },
  'market/candles': { method: 'GET', variant: 2, auth: false },
  'trade/place': { method: 'POST', variant: 3, auth: true },
  'trade/cancel': { method: 'POST', variant: 3, auth: true },
  'trade/orders': { method: 'GET', variant: 3, auth: true },
  'trade/fills': { method: 'GET', variant: 3, auth: true },
  'assets/balances': { method: 'GET', variant: 3, auth: true },
  'assets/overview': { method: 'GET', variant: 3, auth: true },
  'assets/transfer': { method: 'POST', variant: 3, auth: true },
  'assets/transfers': { method: 'GET', variant: 3, auth: true },
  'assets/journal': { method: 'GET', variant: 3, auth: true },
  'assets/depositAddress': { method: 'GET', variant: 3, auth: true },
  'assets/deposits': { method: 'GET', variant: 3, auth: true },
  'assets/withdrawInfo': { method: 'GET', variant: 3, auth: true },
  'assets/withdraw': { method: 'POST', variant: 3, auth: true },
  'assets/withdrawCancel': { method: 'POST', variant: 3, auth: true },
  'assets/withdrawals': { method: 'GET', variant: 3, auth: true },
  'assets/addresses': { method: 'GET', variant: 3, auth: true },
  'assets/bindAddress': { method: 'POST', variant: 3, auth: true },
  'assets/unbindAddress': { method: 'POST', variant: 3, auth: true },
  // base64 of an image of at most UPLOAD_MAX_BYTES, with room for the encoding's 4/3 growth
  'assets/upload': { method: 'POST', variant: 3, auth: true, json: true, bodyLimit: 8 * 1024 * 1024 },
  'assets/proof': { method: 'GET', variant: 3, auth: true },
  'assets/bankDeposit': { method: 'POST', variant: 3, auth: true },
  'assets/bankDeposits': { method: 'GET', variant: 3, auth: true },
  'assets/bankDepositDetail': { method: 'GET', variant: 3, auth: true },
  'user/bankCard': { method: 'GET', variant: 3, auth: true },
  'user/bindCard': { method: 'POST', variant: 3, auth: true },
};

/** The URL path of an endpoint given how it is called (the worker's client, which has no whole table). */
export function endpointPathOf(name: string, def: EndpointDef): string {
  return def.noPrefix ? `/${name}` : `/api/${name}`;
}
