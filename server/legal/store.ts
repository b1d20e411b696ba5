import type { Database as SqliteDb } from 'better-sqlite3';
import type { AdSide, AdStatus, LegalOrderStatus, OrderActorRole } from '../../domain/legal';
import { prepareAll, type PreparedSet } from '../db';
import { isUploadId, UploadRecords } from '../shared/uploads';
import type {
  AdRow,
  AppealRow,
  ApplicationRow,
  EventRow,
  FreezeRow,
  MessageRow,
  MethodRow,
  OrderRow,
} from './store-rows';
import { STATEMENTS, type AdTerms, type MethodFields } from './store-statements';

export type {
  AdRow,
  AppealRow,
  ApplicationRow,
  EventRow,
  FreezeRow,
  MessageRow,
  MethodRow,
  OrderRow,
} from './store-rows';

/** A new payment method: every column the caller chooses. */
export type NewMethod = Omit<MethodRow, 'id'>;
/** The columns a payment method's edit rewrites. */
export type MethodEdit = Omit<MethodRow, 'id' | 'userId'>;
/** A new ad, published `online`. */
export type NewAd = Omit<AdRow, 'id' | 'status'>;
/** The columns an ad's edit rewrites. */
export type AdEdit = Omit<AdRow, 'id' | 'merchantId' | 'side' | 'coin' | 'currency' | 'status' | 'createdAt'>;
/** A new order, `pending` and without a payment reference. */
export type NewOrder = Omit<OrderRow, 'id' | 'status' | 'payRef'>;

const methodFields = (m: MethodEdit): MethodFields => [
  m.kind,
  m.realName,
  m.bank,
  m.cardNumber,
  m.account,
  m.nickname,
  m.qrId,
  m.updatedAt,
];

const adTerms = (e: Omit<AdEdit, 'updatedAt'>): AdTerms => [
  e.price,
  e.minAmount,
  e.maxAmount,
  e.total,
  e.remaining,
  e.methods,
  e.autoCancelMin,
  e.expiresAt,
];

/** Which of a user's orders `ordersOf` lists. */
export interface OrdersFilter {
  /** Only ids below this one (the page cursor). */
  before: number;
  /** Most rows returned. */
  limit: number;
  /** Only orders in this status; null for any. */
  status: string | null;
  /** Only orders still running (pending, paid or under appeal). */
  openOnly: boolean;
  /** Only orders on the user's own ads. */
  asMerchant: boolean;
}

/** The rows of the fiat area; plain synchronous statements, called inside the services' transactions. */
export class LegalStore {
  readonly #q: PreparedSet<typeof STATEMENTS>;
  readonly #uploads: UploadRecords;

  constructor(readonly sqlite: SqliteDb) {
    this.#uploads = new UploadRecords(sqlite);
    this.#q = prepareAll(sqlite, STATEMENTS);
  }

  /** A user's payment methods, oldest first (removed ones left out). */
  methods(userId: number): MethodRow[] {
    return this.#q.methodsOf.all(userId);
  }
  /** A payment method not removed. */
  method(id: number): MethodRow | undefined {
    return this.#q.methodById.get(id);
  }
  /** Adds a payment method; returns its id. */
  insertMethod(m: NewMethod): number {
    return this.#q.insertMethod.get(m.userId, ...methodFields(m))!;
  }
  /** Rewrites a payment method that is not removed. */
  updateMethod(id: number, m: MethodEdit): void {
    this.#q.updateMethod.run(...methodFields(m), id);
  }
  /** Marks a payment method removed at `at` (ms): the row stays, and every read leaves it out. */
  removeMethod(id: number, at: number): void {
    this.#q.removeMethod.run(at, id);
  }

  /** The approved merchant application of `userId`, if any (the latest). */
  merchant(userId: number): ApplicationRow | undefined {
    return this.#q.approvedApplicationOf.get(userId);
  }
  /** The latest merchant application of `userId`, whatever its status. */
  latestApplication(userId: number): ApplicationRow | undefined {
    return this.#q.latestApplicationOf.get(userId);
  }
  application(id: number): ApplicationRow | undefined {
    return this.#q.applicationById.get(id);
  }
  /** The latest 200 applications, newest first; of one status unless `status` is null. */
  applications(status: string | null): ApplicationRow[] {
    return this.#q.applications.all(status, status);
  }
  /** Files a merchant application, in review. */
  insertApplication(userId: number, nickname: string, at: number): void {
    this.#q.insertApplication.run(userId, nickname, at);
  }
  /** Decides an application in review; false when it was not in review. */
  decideApplication(
    id: number,
    status: 'approved' | 'rejected',
    reason: string | null,
    operator: string,
    at: number,
  ): boolean {
    return this.#q.decideApplication.run(status, reason, operator, at, id).changes === 1;
  }

  /** An ad, whatever its status. */
  ad(id: number): AdRow | undefined {
    return this.#q.adById.get(id);
  }
  /** Publishes an ad, `online`; returns its id. */
  insertAd(ad: NewAd): number {
    const { merchantId, side, coin, currency, createdAt, updatedAt } = ad;
    return this.#q.insertAd.get(merchantId, side, coin, currency, ...adTerms(ad), createdAt, updatedAt)!;
  }
  /** Rewrites the terms of an edited ad. */
  updateAd(id: number, e: AdEdit): void {
    this.#q.updateAd.run(...adTerms(e), e.updatedAt, id);
  }
  /**
   * Adds `delta` ledger units (negative to take) to an ad's remaining quantity; false, and nothing
   * changed, when that would leave it below zero.
   */
  addRemaining(adId: number, delta: number, at: number): boolean {
    return this.#q.addAdRemaining.run(delta, at, adId, delta).changes === 1;
  }
  /** Moves an ad from `from` to `to` with `remaining` units left; false when it was not in `from`. */
  setAdStatus(id: number, from: AdStatus, to: AdStatus, remaining: number, at: number): boolean {
    return this.#q.setAdStatus.run(to, remaining, at, id, from).changes === 1;
  }
  /** Online ads of one side with something left, best price first (at most 500). */
  hall(side: AdSide, coin: string, currency: string): AdRow[] {
    return this.#q.hall.all(side, coin, currency);
  }
  /** A merchant's latest 200 ads, newest first; of one status unless `status` is null. */
  adsOf(merchantId: number, status: string | null): AdRow[] {
    return this.#q.adsOf.all(merchantId, status, status);
  }
  /** Ids of the ads not withdrawn whose auto-cancel time is at or before `now` (ms). */
  adsDue(now: number): number[] {
    return this.#q.adsDue.all(now);
  }

  order(id: number): OrderRow | undefined {
    return this.#q.orderById.get(id);
  }
  /** Creates an order, `pending`; returns its id. */
  insertOrder(o: NewOrder): number {
    return this.#q.insertOrder.get(
      o.adId,
      o.merchantId,
      o.userId,
      o.buyerId,
      o.sellerId,
      o.coin,
      o.currency,
      o.price,
      o.qty,
      o.amount,
      o.fee,
      o.payDeadline,
      o.payee,
      o.createdAt,
      o.updatedAt,
    )!;
  }
  /** Moves an order from `from` to `to`; false when another request changed it first. */
  setStatus(id: number, from: LegalOrderStatus, to: LegalOrderStatus, at: number): boolean {
    return this.#q.setOrderStatus.run(to, at, id, from).changes === 1;
  }
  /** Records the buyer's payment reference on an order. */
  setPayRef(id: number, payRef: string): void {
    this.#q.setPayRef.run(payRef, id);
  }
  /** Orders `userId` buys or sells in, newest first, as `filter` narrows them. */
  ordersOf(userId: number, filter: OrdersFilter): OrderRow[] {
    const { before, limit, status, openOnly, asMerchant } = filter;
    return this.#q.ordersOf.all(
      userId,
      userId,
      before,
      status,
      status,
      openOnly ? 1 : 0,
      asMerchant ? 1 : 0,
      userId,
      limit,
    );
  }
  /** Ids of the pending orders whose payment deadline is at or before `now` (ms). */
  ordersDue(now: number): number[] {
    return this.#q.ordersDue.all(now);
  }
  /** The earliest time (ms) a pending order or a live ad falls due, or null when nothing will. */
  nextDue(): number | null {
    const a = this.#q.nextOrderDue.get() ?? null;
    const b = this.#q.nextAdDue.get() ?? null;
    if (a === null) return b;
    return b === null ? a : Math.min(a, b);
  }

  /** An order's timeline, oldest first. */
  events(orderId: number): EventRow[] {
    return this.#q.eventsOf.all(orderId);
  }
  /** Appends one timeline event. */
  event(orderId: number, actor: string, role: OrderActorRole, kind: string, at: number, detail = {}): void {
    this.#q.insertEvent.run(orderId, actor, role, kind, JSON.stringify(detail), at);
  }

  /** The appeal of an order, if one was opened. */
  appeal(orderId: number): AppealRow | undefined {
    return this.#q.appealOf.get(orderId);
  }
  /** The latest 200 appeals, newest first; of one status unless `status` is null. */
  appeals(status: string | null): AppealRow[] {
    return this.#q.appeals.all(status, status);
  }
  /** Opens an appeal; `evidence` is the JSON list of upload ids. */
  insertAppeal(
    orderId: number,
    openedBy: 'buyer' | 'seller',
    reason: string,
    evidence: string,
    at: number,
  ): void {
    this.#q.insertAppeal.run(orderId, openedBy, reason, evidence, at);
  }
  /** Closes an open appeal with its outcome, decided by `by` (an operator, or `seller` on release). */
  decideAppeal(id: number, outcome: 'release' | 'return', by: string, at: number): void {
    this.#q.decideAppeal.run(outcome, by, at, id);
  }

  /** The freeze in force on `userId`, if any (the latest). */
  freeze(userId: number): FreezeRow | undefined {
    return this.#q.activeFreezeOf.get(userId);
  }
  freezeById(id: number): FreezeRow | undefined {
    return this.#q.freezeById.get(id);
  }
  /** Freezes `userId`'s fiat trading, by `operator`, naming the order that caused it (if any). */
  insertFreeze(userId: number, reason: string, orderId: number | null, operator: string, at: number): void {
    this.#q.insertFreeze.run(userId, reason, orderId, operator, at);
  }
  /** Lifts a freeze in force; false when it was lifted already. */
  liftFreeze(id: number, operator: string, at: number): boolean {
    return this.#q.liftFreeze.run(operator, at, id).changes === 1;
  }

  /** Cancellations of `userId` on UTC day `day` (`YYYY-MM-DD`). */
  cancels(userId: number, day: string): number {
    return this.#q.cancelsOn.get(userId, day) ?? 0;
  }
  /** Counts one more cancellation of `userId` on `day`. */
  countCancel(userId: number, day: string): void {
    this.#q.countCancel.run(userId, day);
  }

  /** Whether `userId` owns upload `id`. */
  ownsUpload(id: string, userId: number): boolean {
    return isUploadId(id) && this.#uploads.isOwnedBy(id, userId);
  }
  /** Marks an upload as used by the area, so the sweep of unused uploads keeps it. */
  keepImage(id: string, userId: number, purpose: string, at: number): void {
    this.#q.keepImage.run(id, userId, purpose, at);
  }

  /** An order's chat, oldest first (at most 500). */
  messages(orderId: number): MessageRow[] {
    return this.#q.messagesOf.all(orderId);
  }
  /** Adds a chat message; returns its id. */
  insertMessage(orderId: number, userId: number, text: string, imageId: string, at: number): number {
    return this.#q.insertMessage.get(orderId, userId, text, imageId, at)!;
  }
}
