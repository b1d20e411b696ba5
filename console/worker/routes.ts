// The routes the console calls: the console's own (domain/ops-api.ts) and the areas' review routes
// it uses, with their methods and shapes, so a page names a route and its input and gets its reply
// typed. The areas' reply shapes are written here (their types live in server/, which the console
// does not import): what the console reads of them, not every field.
import type { BankDeposit, Withdrawal } from '../../domain/funding';
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
