import type { Database as SqliteDb, Statement } from 'better-sqlite3';
import type { AdSide, AdStatus, LegalOrderStatus, OrderActorRole, PaymentKind } from '../../domain/legal';
import { isUploadId, UploadRecords } from '../shared/uploads';

/** A row of `legal_methods`. */
export interface MethodRow {
  id: number;
  userId: number;
  kind: PaymentKind;
  realName: string;
  bank: string;
  cardNumber: string;
  account: string;
  nickname: string;
  qrId: string;
  updatedAt: number;
}

/** A row of `legal_ads`; price and amounts in cents, quantities in ledger units. */
export interface AdRow {
  id: number;
  merchantId: number;
  side: AdSide;
  coin: string;
  currency: string;
  price: number;
  minAmount: number;
  maxAmount: number;
  total: number;
  remaining: number;
  methods: string;
  autoCancelMin: number;
  expiresAt: number | null;
  status: AdStatus;
  createdAt: number;
  updatedAt: number;
}

/** A row of `legal_orders`. */
export interface OrderRow {
  id: number;
  adId: number;
  merchantId: number;
  userId: number;
  buyerId: number;
  sellerId: number;
  coin: string;
  currency: string;
  price: number;
  qty: number;
  amount: number;
  fee: number;
  status: LegalOrderStatus;
  payDeadline: number;
  payRef: string | null;
  payee: string;
  createdAt: number;
  updatedAt: number;
}

/** A row of `legal_events`. */
export interface EventRow {
  id: number;
  orderId: number;
  actor: string;
  role: OrderActorRole;
  kind: string;
  detail: string;
  createdAt: number;
}

/** A row of `legal_appeals`. */
export interface AppealRow {
  id: number;
  orderId: number;
  openedBy: 'buyer' | 'seller';
  reason: string;
  evidence: string;
  status: 'open' | 'decided';
  outcome: 'release' | 'return' | null;
  decidedBy: string | null;
  createdAt: number;
  decidedAt: number | null;
}

/** A row of `legal_applications`. */
export interface ApplicationRow {
  id: number;
  userId: number;
  nickname: string;
  status: 'review' | 'approved' | 'rejected';
  reason: string | null;
  decidedBy: string | null;
  createdAt: number;
  decidedAt: number | null;
}

/** A row of `legal_freezes`. */
export interface FreezeRow {
  id: number;
  userId: number;
  reason: string;
  orderId: number | null;
  createdBy: string;
  createdAt: number;
  liftedBy: string | null;
  liftedAt: number | null;
}

const METHOD_COLS = `id, user_id as userId, kind, real_name as realName, bank, card_number as cardNumber,
  account, nickname, qr_id as qrId, updated_at as updatedAt`;
const AD_COLS = `id, merchant_id as merchantId, side, coin, currency, price, min_amount as minAmount,
  max_amount as maxAmount, total, remaining, methods, auto_cancel_min as autoCancelMin,
  expires_at as expiresAt, status, created_at as createdAt, updated_at as updatedAt`;
const ORDER_COLS = `id, ad_id as adId, merchant_id as merchantId, user_id as userId, buyer_id as buyerId,
  seller_id as sellerId, coin, currency, price, qty, amount, fee, status, pay_deadline as payDeadline,
  pay_ref as payRef, payee, created_at as createdAt, updated_at as updatedAt`;
const APP_COLS = `id, user_id as userId, nickname, status, reason, decided_by as decidedBy,
  created_at as createdAt, decided_at as decidedAt`;
const APPEAL_COLS = `id, order_id as orderId, opened_by as openedBy, reason, evidence, status, outcome,
  decided_by as decidedBy, created_at as createdAt, decided_at as decidedAt`;
const FREEZE_COLS = `id, user_id as userId, reason, order_id as orderId, created_by as createdBy,
  created_at as createdAt, lifted_by as liftedBy, lifted_at as liftedAt`;

/** The rows of the fiat area; plain synchronous statements, called inside the services' transactions. */
export class LegalStore {
  readonly #s: Record<string, Statement>;
  readonly #uploads: UploadRecords;

  constructor(readonly sqlite: SqliteDb) {
    this.#uploads = new UploadRecords(sqlite);
    const p = (text: string) => sqlite.prepare(text);
    this.#s = {
      methods: p(
        `select ${METHOD_COLS} from legal_methods where user_id = ? and removed_at is null order by id`,
      ),
      method: p(`select ${METHOD_COLS} from legal_methods where id = ? and removed_at is null`),
      methodInsert: p(`insert into legal_methods (user_id, kind, real_name, bank, card_number, account,
        nickname, qr_id, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      methodUpdate:
        p(`update legal_methods set kind = ?, real_name = ?, bank = ?, card_number = ?, account = ?,
        nickname = ?, qr_id = ?, updated_at = ? where id = ? and removed_at is null`),
      methodRemove: p(`update legal_methods set removed_at = ? where id = ? and removed_at is null`),
      appLatest: p(`select ${APP_COLS} from legal_applications where user_id = ? order by id desc limit 1`),
      appGet: p(`select ${APP_COLS} from legal_applications where id = ?`),
      appInsert: p(
        `insert into legal_applications (user_id, nickname, status, created_at) values (?, ?, 'review', ?)`,
      ),
      appDecide: p(`update legal_applications set status = ?, reason = ?, decided_by = ?, decided_at = ?
        where id = ? and status = 'review'`),
      appList: p(
        `select ${APP_COLS} from legal_applications where (? is null or status = ?) order by id desc limit 200`,
      ),
      merchant: p(`select ${APP_COLS} from legal_applications where user_id = ? and status = 'approved'
        order by id desc limit 1`),
      ad: p(`select ${AD_COLS} from legal_ads where id = ?`),
      adInsert:
        p(`insert into legal_ads (merchant_id, side, coin, currency, price, min_amount, max_amount, total,
        remaining, methods, auto_cancel_min, expires_at, status, created_at, updated_at)
        values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'online', ?, ?)`),
      adUpdate: p(`update legal_ads set price = ?, min_amount = ?, max_amount = ?, total = ?, remaining = ?,
        methods = ?, auto_cancel_min = ?, expires_at = ?, updated_at = ? where id = ?`),
      adRemaining: p(`update legal_ads set remaining = remaining + ?, updated_at = ? where id = ?
        and remaining + ? >= 0`),
      adStatus: p(
        `update legal_ads set status = ?, remaining = ?, updated_at = ? where id = ? and status = ?`,
      ),
      // Best prices first, so the page limit never drops a better ad: sell ads cheapest, buy ads highest.
      hall: p(`select ${AD_COLS} from legal_ads where status = 'online' and side = ? and coin = ? and currency = ?
        and remaining > 0 order by case when side = 'sell' then price else -price end, id limit 500`),
      adsOf:
        p(`select ${AD_COLS} from legal_ads where merchant_id = ? and (? is null or status = ?) order by id desc
        limit 200`),
      adsDue: p(
        `select id from legal_ads where status != 'withdrawn' and expires_at is not null and expires_at <= ?`,
      ),
      adNextDue: p(
        `select min(expires_at) from legal_ads where status != 'withdrawn' and expires_at is not null`,
      ),
      order: p(`select ${ORDER_COLS} from legal_orders where id = ?`),
      orderInsert:
        p(`insert into legal_orders (ad_id, merchant_id, user_id, buyer_id, seller_id, coin, currency,
        price, qty, amount, fee, status, pay_deadline, payee, created_at, updated_at)
        values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?)`),
      orderStatus: p(`update legal_orders set status = ?, updated_at = ? where id = ? and status = ?`),
      orderPayRef: p(`update legal_orders set pay_ref = ? where id = ?`),
      ordersOf: p(`select ${ORDER_COLS} from legal_orders where (buyer_id = ? or seller_id = ?) and id < ?
        and (? is null or status = ?) and (? = 0 or status in ('pending', 'paid', 'appeal'))
        and (? = 0 or merchant_id = ?) order by id desc limit ?`),
      openOfAd: p(
        `select count(*) from legal_orders where ad_id = ? and status in ('pending', 'paid', 'appeal')`,
      ),
      ordersDue: p(`select id from legal_orders where status = 'pending' and pay_deadline <= ?`),
      orderNextDue: p(`select min(pay_deadline) from legal_orders where status = 'pending'`),
      eventInsert: p(
        `insert into legal_events (order_id, actor, role, kind, detail, created_at) values (?, ?, ?, ?, ?, ?)`,
      ),
      events: p(`select id, order_id as orderId, actor, role, kind, detail, created_at as createdAt
        from legal_events where order_id = ? order by id`),
      appeal: p(`select ${APPEAL_COLS} from legal_appeals where order_id = ?`),
      appealById: p(`select ${APPEAL_COLS} from legal_appeals where id = ?`),
      appealInsert: p(`insert into legal_appeals (order_id, opened_by, reason, evidence, status, created_at)
        values (?, ?, ?, ?, 'open', ?)`),
      appealDecide:
        p(`update legal_appeals set status = 'decided', outcome = ?, decided_by = ?, decided_at = ?
        where id = ? and status = 'open'`),
      appeals: p(
        `select ${APPEAL_COLS} from legal_appeals where (? is null or status = ?) order by id desc limit 200`,
      ),
      freeze: p(
        `select ${FREEZE_COLS} from legal_freezes where user_id = ? and lifted_at is null order by id desc limit 1`,
      ),
      freezeById: p(`select ${FREEZE_COLS} from legal_freezes where id = ?`),
      freezeInsert: p(
        `insert into legal_freezes (user_id, reason, order_id, created_by, created_at) values (?, ?, ?, ?, ?)`,
      ),
      freezeLift: p(
        `update legal_freezes set lifted_by = ?, lifted_at = ? where id = ? and lifted_at is null`,
      ),
      cancels: p(`select count from legal_cancels where user_id = ? and day = ?`).pluck(),
      cancelBump: p(`insert into legal_cancels (user_id, day, count) values (?, ?, 1)
        on conflict (user_id, day) do update set count = count + 1`),
      imageKeep: p(
        `insert or ignore into legal_images (upload_id, user_id, purpose, created_at) values (?, ?, ?, ?)`,
      ),
      messageInsert: p(
        `insert into legal_messages (order_id, user_id, text, image_id, created_at) values (?, ?, ?, ?, ?)`,
      ),
      messages: p(`select id, user_id as userId, text, image_id as imageId, created_at as createdAt
        from legal_messages where order_id = ? order by id limit 500`),
    };
  }

  /** A prepared statement by name. */
  s(name: string): Statement {
    const stmt = this.#s[name];
    if (!stmt) throw new Error(`no statement ${name}`);
    return stmt;
  }

  methods(userId: number): MethodRow[] {
    return this.s('methods').all(userId) as MethodRow[];
  }
  method(id: number): MethodRow | undefined {
    return this.s('method').get(id) as MethodRow | undefined;
  }
  ad(id: number): AdRow | undefined {
    return this.s('ad').get(id) as AdRow | undefined;
  }
  order(id: number): OrderRow | undefined {
    return this.s('order').get(id) as OrderRow | undefined;
  }
  events(orderId: number): EventRow[] {
    return this.s('events').all(orderId) as EventRow[];
  }
  appeal(orderId: number): AppealRow | undefined {
    return this.s('appeal').get(orderId) as AppealRow | undefined;
  }
  merchant(userId: number): ApplicationRow | undefined {
    return this.s('merchant').get(userId) as ApplicationRow | undefined;
  }
  latestApplication(userId: number): ApplicationRow | undefined {
    return this.s('appLatest').get(userId) as ApplicationRow | undefined;
  }
  freeze(userId: number): FreezeRow | undefined {
    return this.s('freeze').get(userId) as FreezeRow | undefined;
  }
  cancels(userId: number, day: string): number {
    return (this.s('cancels').get(userId, day) as number | undefined) ?? 0;
  }

  /** Appends one timeline event. */
  event(orderId: number, actor: string, role: OrderActorRole, kind: string, at: number, detail = {}): void {
    this.s('eventInsert').run(orderId, actor, role, kind, JSON.stringify(detail), at);
  }

  /** Moves an order from `from` to `to`; false when another request changed it first. */
  setStatus(id: number, from: LegalOrderStatus, to: LegalOrderStatus, at: number): boolean {
    return this.s('orderStatus').run(to, at, id, from).changes === 1;
  }

  /** Whether `userId` owns upload `id`. */
  ownsUpload(id: string, userId: number): boolean {
    return isUploadId(id) && this.#uploads.isOwnedBy(id, userId);
  }

  /** Marks an upload as used by the area, so the sweep of unused uploads keeps it. */
  keepImage(id: string, userId: number, purpose: string, at: number): void {
    this.s('imageKeep').run(id, userId, purpose, at);
  }
}
