// The routes the console calls: the console's own (domain/ops-api.ts) and the areas' review routes
// it uses, with their methods and shapes, so a page names a route and its input and gets its reply
// typed. The areas' reply shapes are written here (their types live in server/, which the console
// does not import): what the console reads of them, not every field.
import type { BankDeposit, Withdrawal } from '../../domain/funding';
import type { IeoProject, IeoProjectReq } from '../../domain/ieo-types';
import type { LegalAppeal, OrderMessage } from '../../domain/legal';
import type { ListingApplication } from '../../domain/listing-types';
import type { LockmingProductSpec } from '../../domain/lockming-types';
import type { E, Empty } from '../../domain/endpoint-def';
import type { KefuMessage } from '../../domain/kefu-types';
import type { Lang } from '../../domain/locale';
import type { NewsArticle } from '../../domain/news-types';
import type { LiveStream } from '../../domain/zhibo-types';
import {
  OPS_CONSOLE_ROUTES,
  type OpsAuditRow,
  type OpsConsoleEndpoints,
  type OpsPage,
} from '../../domain/ops-api';

/** An identity submission as a reviewer sees it (server/identity/kyc-routes.ts). */
export interface KycItem {
  id: number;
  userId: number;
  account: string;
  name: string;
  docType: string;
  idNumber: string;
  frontId: string;
  backId: string;
  handId: string;
  status: 'review' | 'verified' | 'rejected';
  reason: string | null;
  decidedBy: string | null;
  createdAt: number;
  decidedAt: number | null;
}

/** A bank-card deposit as a reviewer sees it (server/assets/bank/ops-routes.ts). */
export interface BankDepositItem extends BankDeposit {
  userId: number;
  account: string;
  cardNumber: string;
  rate: string;
  decidedBy: string | null;
}

/** A withdrawal as a reviewer sees it (server/assets/withdrawals/dto.ts). */
export interface WithdrawalItem extends Withdrawal {
  userId: number;
  account: string;
  decidedBy: string | null;
}

/** An uploaded image (a proof or an identity photo), base64. */
export interface UploadImage {
  id: string;
  mime: string;
  data: string;
  userId: number;
}

/** A merchant application (server/legal/ops-routes.ts). */
export interface MerchantApplicationItem {
  id: number;
  userId: number;
  account: string;
  nickname: string;
  status: 'review' | 'approved' | 'rejected';
  reason: string | null;
  decidedBy: string | null;
  createdAt: number;
  decidedAt: number | null;
}

/** A P2P appeal in the list (server/legal/ops-routes.ts): `account` is the party who opened it. */
export interface AppealItem extends LegalAppeal {
  orderId: number;
  account: string;
  decidedBy: string | null;
  coin?: string;
  currency?: string;
  /** The order's fiat amount, decimal string. */
  amount?: string;
}

/** One event of an order's timeline as the store keeps it (`detail` is JSON text). */
export interface OrderEventRow {
  id: number;
  actor: string;
  role: string;
  kind: string;
  detail: string;
  createdAt: number;
}

/** A P2P order as an operator reads it (`legal/orders/get`). */
export interface OpsOrder {
  id: number;
  adId: number;
  merchantId: number;
  buyerId: number;
  sellerId: number;
  buyer: string;
  seller: string;
  coin: string;
  currency: string;
  status: string;
  payRef: string | null;
  createdAt: number;
  updatedAt: number;
  /** Decimal strings: price and amount in the fiat currency, quantity and fee in the coin. */
  shown: { price: string; amount: string; qty: string; fee: string };
  timeline: OrderEventRow[];
  /** The appeal row; `evidence` is JSON text of upload ids. */
  appeal: { id: number; openedBy: 'buyer' | 'seller'; reason: string; evidence: string } | null;
}

/** A freeze of a user's P2P trading (server/legal/ops-routes.ts `legal/freezes/list`). */
export interface FreezeItem {
  id: number;
  userId: number;
  account: string;
  reason: string;
  orderId: number | null;
  createdBy: string;
  createdAt: number;
  liftedBy: string | null;
  liftedAt: number | null;
}

/** A coin-listing application (server/listing/module.ts). */
export interface ListingItem extends ListingApplication {
  account: string;
  decidedBy: string | null;
}

/** An earn product as operators see it (server/lockming/ops-routes.ts); units are 1e-8 strings. */
export interface EarnProduct {
  id: number;
  kind: 'lock' | 'savings';
  coin: string;
  name: string;
  days: number | null;
  dailyRate: string;
  minUnits: string;
  totalUnits: string | null;
  earlyRedeem: boolean;
  opensAt: number;
  closesAt: number | null;
  createdBy: string;
  createdAt: number;
  updatedAt: number;
}

/** A house reserve line (the `finance` account of the house). */
export interface ReserveLine {
  account: string;
  coin: string;
  available: string;
  frozen: string;
}

type Form<T> = { [K in keyof T]?: string | number | boolean | null };
/** A support message as operators see it (server/kefu/store.ts OpsKefuMessage): who answered. */
export interface OpsKefuMessage extends KefuMessage {
  userId: number;
  operator: string | null;
}

/** An article as publishers see it (server/news/store.ts OpsArticle), withdrawn ones included. */
export interface OpsArticle extends NewsArticle {
  withdrawnAt: number | null;
  createdBy: string;
}

/** What a publisher writes (server/news/ops-routes.ts); a cover as base64 without `data:`. */
export interface ArticleFields {
  lang: Lang;
  title: string;
  body: string;
  pinned: boolean;
  help: boolean;
  coverMime?: string;
  coverData?: string;
}

/** One live stream setting as kept (server/zhibo/store.ts), newest first. */
export interface StreamRow {
  id: number;
  title: string;
  url: string | null;
  starts_at: number | null;
  ends_at: number | null;
  set_by: string;
  created_at: number;
}

type Listed<T> = E<OpsPage & { status?: string; account?: string }, T[]>;

/** The areas' operator routes the console uses (each declares its duty where it is registered). */
export interface AreaEndpoints {
  kyc: Listed<KycItem>;
  'kyc/approve': E<{ id: number }, KycItem>;
  'kyc/reject': E<{ id: number; reason: string }, KycItem>;
  'bank-deposits': Listed<BankDepositItem>;
  'bank-deposits/confirm': E<{ id: number }, BankDepositItem>;
  'bank-deposits/reject': E<{ id: number; reason: string }, BankDepositItem>;
  withdrawals: Listed<WithdrawalItem>;
  'withdrawals/approve': E<{ id: number; txid: string }, WithdrawalItem>;
  'withdrawals/reject': E<{ id: number; reason: string }, WithdrawalItem>;
  'uploads/get': E<{ id: string }, UploadImage>;
  routes: E<Empty, { name: string; method: string; duty: string }[]>;

  'legal/applications': Listed<MerchantApplicationItem>;
  'legal/applications/approve': E<{ id: number }, MerchantApplicationItem>;
  'legal/applications/reject': E<{ id: number; reason: string }, MerchantApplicationItem>;
  'legal/appeals': Listed<AppealItem>;
  'legal/orders/get': E<{ id: number }, OpsOrder>;
  'legal/orders/messages': E<{ id: number }, OrderMessage[]>;
  'legal/appeals/decide': E<
    { orderId: number; outcome: 'release' | 'return'; fraud?: boolean; note: string },
    { id: number; status: string }
  >;
  'legal/freezes/list': E<OpsPage & { all?: '1' }, FreezeItem[]>;
  'legal/freezes/lift': E<{ id: number; reason: string }, FreezeItem>;
  listings: Listed<ListingItem>;
  'listings/review': E<{ id: number }, ListingApplication>;
  'listings/accept': E<{ id: number }, ListingApplication>;
  'listings/reject': E<{ id: number; reason: string }, ListingApplication>;
  'ieo/projects': E<Empty, IeoProject[]>;
  'ieo/create': E<Form<IeoProjectReq>, IeoProject>;
  'ieo/edit': E<Form<IeoProjectReq> & { id: number }, IeoProject>;
  'lockming/products': E<Empty, EarnProduct[]>;
  'lockming/products/create': E<Form<LockmingProductSpec>, EarnProduct>;
  'lockming/products/edit': E<Form<LockmingProductSpec> & { id: number }, EarnProduct>;
  'lockming/reserves': E<Empty, ReserveLine[]>;
  'lockming/reserve': E<{ coin: string; amount: string }, { coin: string; amount: string; txId: number }>;
  'kefu/messages': E<{ account: string; before?: number }, OpsKefuMessage[]>;
  'kefu/read': E<{ account: string; upTo: number }, { marked: boolean }>;
  'kefu/reply': E<
    { account: string; clientId: string; text?: string; imageMime?: string; imageData?: string },
    OpsKefuMessage
  >;
  'kefu/image': E<{ id: string }, UploadImage>;
  news: E<{ lang?: string }, OpsArticle[]>;
  'news/publish': E<ArticleFields, OpsArticle>;
  'news/update': E<Partial<ArticleFields> & { id: number; removeCover?: boolean }, OpsArticle>;
  'news/withdraw': E<{ id: number }, OpsArticle>;
  zhibo: E<Empty, { current: LiveStream; history: StreamRow[]; allowedOrigins: string[] }>;
  'zhibo/set': E<{ title: string; url: string; startsAt?: number; endsAt?: number }, LiveStream>;
  'zhibo/clear': E<Empty, LiveStream>;
}

/** Every route the console calls. */
export type ConsoleEndpoints = OpsConsoleEndpoints & AreaEndpoints;
export type RouteName = keyof ConsoleEndpoints;
export type RouteReq<N extends RouteName> = ConsoleEndpoints[N]['req'];
export type RouteRes<N extends RouteName> = ConsoleEndpoints[N]['res'];

const AREA_METHODS: { readonly [K in keyof AreaEndpoints]: 'GET' | 'POST' } = {
  kyc: 'GET',
  'kyc/approve': 'POST',
  'kyc/reject': 'POST',
  'bank-deposits': 'GET',
  'bank-deposits/confirm': 'POST',
  'bank-deposits/reject': 'POST',
  withdrawals: 'GET',
  'withdrawals/approve': 'POST',
  'withdrawals/reject': 'POST',
  'uploads/get': 'GET',
  routes: 'GET',
  'legal/applications': 'GET',
  'legal/applications/approve': 'POST',
  'legal/applications/reject': 'POST',
  'legal/appeals': 'GET',
  'legal/orders/get': 'GET',
  'legal/orders/messages': 'GET',
  'legal/appeals/decide': 'POST',
  'legal/freezes/list': 'GET',
  'legal/freezes/lift': 'POST',
  listings: 'GET',
  'listings/review': 'POST',
  'listings/accept': 'POST',
  'listings/reject': 'POST',
  'ieo/projects': 'GET',
  'ieo/create': 'POST',
  'ieo/edit': 'POST',
  'lockming/products': 'GET',
  'lockming/products/create': 'POST',
  'lockming/products/edit': 'POST',
  'lockming/reserves': 'GET',
  'lockming/reserve': 'POST',
  'kefu/messages': 'GET',
  'kefu/read': 'POST',
  'kefu/reply': 'POST',
  'kefu/image': 'GET',
  news: 'GET',
  'news/publish': 'POST',
  'news/update': 'POST',
  'news/withdraw': 'POST',
  zhibo: 'GET',
  'zhibo/set': 'POST',
  'zhibo/clear': 'POST',
};

/** The HTTP method of a route. */
export function methodOf(name: RouteName): 'GET' | 'POST' {
  return name in AREA_METHODS
    ? AREA_METHODS[name as keyof AreaEndpoints]
    : OPS_CONSOLE_ROUTES[name as keyof OpsConsoleEndpoints].method;
}

/** Re-exported for the pages, which import the worker's types only. */
export type { OpsAuditRow };
