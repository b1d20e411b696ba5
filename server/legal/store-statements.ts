import type { AdSide, AdStatus, LegalOrderStatus, OrderActorRole, PaymentKind } from '../../domain/legal';
import { sql } from '../db';
import {
  idOf,
  toAd,
  toAppeal,
  toApplication,
  toEvent,
  toFreeze,
  toMessage,
  toMethod,
  toOrder,
  valueOf,
  type AdRow,
  type AppealRow,
  type ApplicationRow,
  type EventRow,
  type FreezeRow,
  type MessageRow,
  type MethodRow,
  type OrderRow,
} from './store-rows';

// The fiat store's SQL (store-rows.ts has its rows, store.ts the methods the services and routes
// call).

// Columns renamed to the rows' fields in the SQL itself (store-rows.ts reads their integers).
const METHOD_COLS = `id, user_id as "userId", kind, real_name as "realName", bank, card_number as "cardNumber",
  account, nickname, qr_id as "qrId", updated_at as "updatedAt"`;
const AD_COLS = `id, merchant_id as "merchantId", side, coin, currency, price, min_amount as "minAmount",
  max_amount as "maxAmount", total, remaining, methods, auto_cancel_min as "autoCancelMin",
  expires_at as "expiresAt", status, created_at as "createdAt", updated_at as "updatedAt"`;
const ORDER_COLS = `id, ad_id as "adId", merchant_id as "merchantId", user_id as "userId", buyer_id as "buyerId",
  seller_id as "sellerId", coin, currency, price, qty, amount, fee, status, pay_deadline as "payDeadline",
  pay_ref as "payRef", payee, created_at as "createdAt", updated_at as "updatedAt"`;
const APP_COLS = `id, user_id as "userId", nickname, status, reason, decided_by as "decidedBy",
  created_at as "createdAt", decided_at as "decidedAt"`;
const APPEAL_COLS = `id, order_id as "orderId", opened_by as "openedBy", reason, evidence, status, outcome,
  decided_by as "decidedBy", created_at as "createdAt", decided_at as "decidedAt"`;
const FREEZE_COLS = `id, user_id as "userId", reason, order_id as "orderId", created_by as "createdBy",
  created_at as "createdAt", lifted_by as "liftedBy", lifted_at as "liftedAt"`;

/** The columns of a payment method that its insert and its edit both write, in their SQL order. */
export type MethodFields = [
  kind: PaymentKind,
  realName: string,
  bank: string,
  cardNumber: string,
  account: string,
  nickname: string,
  qrId: string,
  updatedAt: number,
];

/** An ad's terms, which its insert and its edit both write, in their SQL order. */
export type AdTerms = [
  price: number,
  minAmount: number,
  maxAmount: number,
  total: number,
  remaining: number,
  methods: string,
  autoCancelMin: number,
  expiresAt: number | null,
];

/** The statements over the `legal_*` tables, named by what they do. */
export const STATEMENTS = {
  methodsOf: sql<[userId: number], MethodRow>(
    `select ${METHOD_COLS} from legal_methods where user_id = ? and removed_at is null order by id`,
    toMethod,
  ),
  methodById: sql<[id: number], MethodRow>(
    `select ${METHOD_COLS} from legal_methods where id = ? and removed_at is null`,
    toMethod,
  ),
  insertMethod: sql<[userId: number, ...MethodFields], number>(
    `insert into legal_methods (user_id, kind, real_name, bank, card_number, account, nickname, qr_id,
     updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
    idOf,
  ),
  updateMethod: sql<
    [...MethodFields, id: number]
  >(`update legal_methods set kind = ?, real_name = ?, bank = ?, card_number = ?, account = ?,
     nickname = ?, qr_id = ?, updated_at = ? where id = ? and removed_at is null`),
  removeMethod: sql<[removedAt: number, id: number]>(
    `update legal_methods set removed_at = ? where id = ? and removed_at is null`,
  ),

  latestApplicationOf: sql<[userId: number], ApplicationRow>(
    `select ${APP_COLS} from legal_applications where user_id = ? order by id desc limit 1`,
    toApplication,
  ),
  applicationById: sql<[id: number], ApplicationRow>(
    `select ${APP_COLS} from legal_applications where id = ?`,
    toApplication,
  ),
  insertApplication: sql<[userId: number, nickname: string, createdAt: number]>(
    `insert into legal_applications (user_id, nickname, status, created_at) values (?, ?, 'review', ?)`,
  ),
  decideApplication: sql<
    [status: 'approved' | 'rejected', reason: string | null, decidedBy: string, decidedAt: number, id: number]
  >(`update legal_applications set status = ?, reason = ?, decided_by = ?, decided_at = ?
     where id = ? and status = 'review'`),
  applications: sql<
    [status: string | null, status2: string | null, before: number, limit: number],
    ApplicationRow
  >(
    `select ${APP_COLS} from legal_applications where (cast(? as text) is null or status = ?) and id < ?
     order by id desc limit ?`,
    toApplication,
  ),
  approvedApplicationOf: sql<[userId: number], ApplicationRow>(
    `select ${APP_COLS} from legal_applications where user_id = ? and status = 'approved'
     order by id desc limit 1`,
    toApplication,
  ),

  adById: sql<[id: number], AdRow>(`select ${AD_COLS} from legal_ads where id = ?`, toAd),
  insertAd: sql<
    [
      merchantId: number,
      side: AdSide,
      coin: string,
      currency: string,
      ...AdTerms,
      createdAt: number,
      updatedAt: number,
    ],
    number
  >(
    `insert into legal_ads (merchant_id, side, coin, currency, price, min_amount, max_amount, total,
     remaining, methods, auto_cancel_min, expires_at, status, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'online', ?, ?) returning id`,
    idOf,
  ),
  updateAd: sql<
    [...AdTerms, updatedAt: number, id: number]
  >(`update legal_ads set price = ?, min_amount = ?, max_amount = ?, total = ?, remaining = ?,
     methods = ?, auto_cancel_min = ?, expires_at = ?, updated_at = ? where id = ?`),
  addAdRemaining: sql<[delta: number, updatedAt: number, id: number, delta2: number]>(
    `update legal_ads set remaining = remaining + ?, updated_at = ? where id = ? and remaining + ? >= 0`,
  ),
  setAdStatus: sql<[to: AdStatus, remaining: number, updatedAt: number, id: number, from: AdStatus]>(
    `update legal_ads set status = ?, remaining = ?, updated_at = ? where id = ? and status = ?`,
  ),
  // Best prices first, so the page limit never drops a better ad: sell ads cheapest, buy ads highest.
  hall: sql<[side: AdSide, coin: string, currency: string], AdRow>(
    `select ${AD_COLS} from legal_ads where status = 'online' and side = ? and coin = ? and currency = ?
     and remaining > 0 order by case when side = 'sell' then price else -price end, id limit 500`,
    toAd,
  ),
  adsOf: sql<[merchantId: number, status: string | null, status2: string | null], AdRow>(
    `select ${AD_COLS} from legal_ads where merchant_id = ? and (cast(? as text) is null or status = ?)
     order by id desc limit 200`,
    toAd,
  ),
  adsDue: sql<[now: number], number>(
    `select id from legal_ads where status != 'withdrawn' and expires_at is not null and expires_at <= ?`,
    idOf,
  ),
  nextAdDue: sql<[], number | null>(
    `select min(expires_at) as m from legal_ads where status != 'withdrawn' and expires_at is not null`,
    valueOf,
  ),

  orderById: sql<[id: number], OrderRow>(`select ${ORDER_COLS} from legal_orders where id = ?`, toOrder),
  insertOrder: sql<
    [
      adId: number,
      merchantId: number,
      userId: number,
      buyerId: number,
      sellerId: number,
      coin: string,
      currency: string,
      price: number,
      qty: number,
      amount: number,
      fee: number,
      payDeadline: number,
      payee: string,
      createdAt: number,
      updatedAt: number,
    ],
    number
  >(
    `insert into legal_orders (ad_id, merchant_id, user_id, buyer_id, seller_id, coin, currency,
     price, qty, amount, fee, status, pay_deadline, payee, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?) returning id`,
    idOf,
  ),
  setOrderStatus: sql<[to: LegalOrderStatus, updatedAt: number, id: number, from: LegalOrderStatus]>(
    `update legal_orders set status = ?, updated_at = ? where id = ? and status = ?`,
  ),
  setPayRef: sql<[payRef: string, id: number]>(`update legal_orders set pay_ref = ? where id = ?`),
  ordersOf: sql<
    [
      buyerId: number,
      sellerId: number,
      before: number,
      status: string | null,
      status2: string | null,
      openOnly: 0 | 1,
      asMerchant: 0 | 1,
      merchantId: number,
      limit: number,
    ],
    OrderRow
  >(
    `select ${ORDER_COLS} from legal_orders where (buyer_id = ? or seller_id = ?) and id < ?
     and (cast(? as text) is null or status = ?) and (? = 0 or status in ('pending', 'paid', 'appeal'))
     and (? = 0 or merchant_id = ?) order by id desc limit ?`,
    toOrder,
  ),
  ordersDue: sql<[now: number], number>(
    `select id from legal_orders where status = 'pending' and pay_deadline <= ?`,
    idOf,
  ),
  nextOrderDue: sql<[], number | null>(
    `select min(pay_deadline) as m from legal_orders where status = 'pending'`,
    valueOf,
  ),

  insertEvent: sql<
    [orderId: number, actor: string, role: OrderActorRole, kind: string, detail: string, createdAt: number]
  >(`insert into legal_events (order_id, actor, role, kind, detail, created_at) values (?, ?, ?, ?, ?, ?)`),
  eventsOf: sql<[orderId: number], EventRow>(
    `select id, order_id as "orderId", actor, role, kind, detail, created_at as "createdAt"
     from legal_events where order_id = ? order by id`,
    toEvent,
  ),

  appealOf: sql<[orderId: number], AppealRow>(
    `select ${APPEAL_COLS} from legal_appeals where order_id = ?`,
    toAppeal,
  ),
  insertAppeal: sql<
    [orderId: number, openedBy: 'buyer' | 'seller', reason: string, evidence: string, createdAt: number]
  >(`insert into legal_appeals (order_id, opened_by, reason, evidence, status, created_at)
     values (?, ?, ?, ?, 'open', ?)`),
  decideAppeal: sql<[outcome: 'release' | 'return', decidedBy: string, decidedAt: number, id: number]>(
    `update legal_appeals set status = 'decided', outcome = ?, decided_by = ?, decided_at = ?
     where id = ? and status = 'open'`,
  ),
  appeals: sql<[status: string | null, status2: string | null, before: number, limit: number], AppealRow>(
    `select ${APPEAL_COLS} from legal_appeals where (cast(? as text) is null or status = ?) and id < ?
     order by id desc limit ?`,
    toAppeal,
  ),

  activeFreezeOf: sql<[userId: number], FreezeRow>(
    `select ${FREEZE_COLS} from legal_freezes where user_id = ? and lifted_at is null order by id desc limit 1`,
    toFreeze,
  ),
  freezeById: sql<[id: number], FreezeRow>(`select ${FREEZE_COLS} from legal_freezes where id = ?`, toFreeze),
  freezes: sql<[active: number, before: number, limit: number], FreezeRow>(
    `select ${FREEZE_COLS} from legal_freezes where (? = 0 or lifted_at is null) and id < ?
     order by id desc limit ?`,
    toFreeze,
  ),
  insertFreeze: sql<
    [userId: number, reason: string, orderId: number | null, createdBy: string, createdAt: number]
  >(`insert into legal_freezes (user_id, reason, order_id, created_by, created_at) values (?, ?, ?, ?, ?)`),
  liftFreeze: sql<[liftedBy: string, liftedAt: number, id: number]>(
    `update legal_freezes set lifted_by = ?, lifted_at = ? where id = ? and lifted_at is null`,
  ),

  cancelsOn: sql<[userId: number, day: string], number>(
    `select count from legal_cancels where user_id = ? and day = ?`,
    (r) => Number(r.count),
  ),
  // The stored count named by its table: in PostgreSQL a bare `count` there is ambiguous.
  countCancel: sql<[userId: number, day: string]>(`insert into legal_cancels (user_id, day, count)
     values (?, ?, 1) on conflict (user_id, day) do update set count = legal_cancels.count + 1`),
  // `on conflict do nothing` on the primary key skips an upload kept already, as SQLite's
  // `insert or ignore` did; unlike it, both engines accept this form.
  keepImage: sql<[uploadId: string, userId: number, purpose: string, createdAt: number]>(
    `insert into legal_images (upload_id, user_id, purpose, created_at) values (?, ?, ?, ?)
     on conflict (upload_id) do nothing`,
  ),

  insertMessage: sql<
    [orderId: number, userId: number, text: string, imageId: string, createdAt: number],
    number
  >(
    `insert into legal_messages (order_id, user_id, text, image_id, created_at) values (?, ?, ?, ?, ?)
     returning id`,
    idOf,
  ),
  messagesOf: sql<[orderId: number], MessageRow>(
    `select id, user_id as "userId", text, image_id as "imageId", created_at as "createdAt"
     from legal_messages where order_id = ? order by id limit 500`,
    toMessage,
  ),
};
