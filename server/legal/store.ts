import type { AdSide, AdStatus, LegalOrderStatus, OrderActorRole } from '../../domain/legal';
import { statementsOf, type AsyncPreparedSet, type Engine } from '../db';
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

/** A page of an operator's list: ids below `before`, at most `limit` rows, newest first. */
export interface Page {
  before: number;
  limit: number;
}
/** The first page of an operator's list as it was before paging: the newest 200. */
const FIRST_PAGE: Page = { before: Number.MAX_SAFE_INTEGER, limit: 200 };

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

/**
 * The rows of the fiat area. Every method is a statement (or two) on `engine`: the writes run only
 * inside the writer commands of the services and routes (`engine.writer.run`), and a read inside a
 * command sees that command's batch, so a status check and the write it allows stay together.
 */
export class LegalStore {
  readonly #q: AsyncPreparedSet<typeof STATEMENTS>;
  readonly #uploads: UploadRecords;

  constructor(readonly engine: Engine) {
    this.#uploads = new UploadRecords(engine);
    this.#q = statementsOf(engine, STATEMENTS);
  }

  /** A user's payment methods, oldest first (removed ones left out). */
  async methods(userId: number): Promise<MethodRow[]> {
    return this.#q.methodsOf.all(userId);
  }
  /** A payment method not removed. */
  async method(id: number): Promise<MethodRow | undefined> {
    return this.#q.methodById.get(id);
  }
  /** Adds a payment method; returns its id. */
  async insertMethod(m: NewMethod): Promise<number> {
    return (await this.#q.insertMethod.run(m.userId, ...methodFields(m))).lastId;
  }
  /** Rewrites a payment method that is not removed. */
  async updateMethod(id: number, m: MethodEdit): Promise<void> {
    await this.#q.updateMethod.run(...methodFields(m), id);
  }
  /** Marks a payment method removed at `at` (ms): the row stays, and every read leaves it out. */
  async removeMethod(id: number, at: number): Promise<void> {
    await this.#q.removeMethod.run(at, id);
  }

  /** The approved merchant application of `userId`, if any (the latest). */
  async merchant(userId: number): Promise<ApplicationRow | undefined> {
    return this.#q.approvedApplicationOf.get(userId);
  }
  /** The latest merchant application of `userId`, whatever its status. */
  async latestApplication(userId: number): Promise<ApplicationRow | undefined> {
    return this.#q.latestApplicationOf.get(userId);
  }
  async application(id: number): Promise<ApplicationRow | undefined> {
    return this.#q.applicationById.get(id);
  }
  /** Applications newest first, a page of them; of one status unless `status` is null. */
  async applications(status: string | null, page: Page = FIRST_PAGE): Promise<ApplicationRow[]> {
    return this.#q.applications.all(status, status, page.before, page.limit);
  }
  /** Files a merchant application, in review. */
  async insertApplication(userId: number, nickname: string, at: number): Promise<void> {
    await this.#q.insertApplication.run(userId, nickname, at);
  }
  /** Decides an application in review; false when it was not in review. */
  async decideApplication(
    id: number,
    status: 'approved' | 'rejected',
    reason: string | null,
    operator: string,
    at: number,
  ): Promise<boolean> {
    return (await this.#q.decideApplication.run(status, reason, operator, at, id)).changes === 1;
  }

  /** An ad, whatever its status. */
  async ad(id: number): Promise<AdRow | undefined> {
    return this.#q.adById.get(id);
  }
  /** Publishes an ad, `online`; returns its id. */
  async insertAd(ad: NewAd): Promise<number> {
    const { merchantId, side, coin, currency, createdAt, updatedAt } = ad;
    const info = await this.#q.insertAd.run(
      merchantId,
      side,
      coin,
      currency,
      ...adTerms(ad),
      createdAt,
      updatedAt,
    );
    return info.lastId;
  }
  /** Rewrites the terms of an edited ad. */
  async updateAd(id: number, e: AdEdit): Promise<void> {
    await this.#q.updateAd.run(...adTerms(e), e.updatedAt, id);
  }
  /**
   * Adds `delta` ledger units (negative to take) to an ad's remaining quantity; false, and nothing
   * changed, when that would leave it below zero.
   */
  async addRemaining(adId: number, delta: number, at: number): Promise<boolean> {
    return (await this.#q.addAdRemaining.run(delta, at, adId, delta)).changes === 1;
  }
  /** Moves an ad from `from` to `to` with `remaining` units left; false when it was not in `from`. */
  async setAdStatus(
    id: number,
    from: AdStatus,
    to: AdStatus,
    remaining: number,
    at: number,
  ): Promise<boolean> {
    return (await this.#q.setAdStatus.run(to, remaining, at, id, from)).changes === 1;
  }
  /** Online ads of one side with something left, best price first (at most 500). */
  async hall(side: AdSide, coin: string, currency: string): Promise<AdRow[]> {
    return this.#q.hall.all(side, coin, currency);
  }
  /** A merchant's latest 200 ads, newest first; of one status unless `status` is null. */
  async adsOf(merchantId: number, status: string | null): Promise<AdRow[]> {
    return this.#q.adsOf.all(merchantId, status, status);
  }
  /** Ids of the ads not withdrawn whose auto-cancel time is at or before `now` (ms). */
  async adsDue(now: number): Promise<number[]> {
    return this.#q.adsDue.all(now);
  }

  async order(id: number): Promise<OrderRow | undefined> {
    return this.#q.orderById.get(id);
  }
  /** Creates an order, `pending`; returns its id. */
  async insertOrder(o: NewOrder): Promise<number> {
    const info = await this.#q.insertOrder.run(
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
    );
    return info.lastId;
  }
  /** Moves an order from `from` to `to`; false when another request changed it first. */
  async setStatus(id: number, from: LegalOrderStatus, to: LegalOrderStatus, at: number): Promise<boolean> {
    return (await this.#q.setOrderStatus.run(to, at, id, from)).changes === 1;
  }
  /** Records the buyer's payment reference on an order. */
  async setPayRef(id: number, payRef: string): Promise<void> {
    await this.#q.setPayRef.run(payRef, id);
  }
  /** Orders `userId` buys or sells in, newest first, as `filter` narrows them. */
  async ordersOf(userId: number, filter: OrdersFilter): Promise<OrderRow[]> {
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
  async ordersDue(now: number): Promise<number[]> {
    return this.#q.ordersDue.all(now);
  }
  /** The earliest time (ms) a pending order or a live ad falls due, or null when nothing will. */
  async nextDue(): Promise<number | null> {
    const a = (await this.#q.nextOrderDue.get()) ?? null;
    const b = (await this.#q.nextAdDue.get()) ?? null;
    if (a === null) return b;
    return b === null ? a : Math.min(a, b);
  }

  /** An order's timeline, oldest first. */
  async events(orderId: number): Promise<EventRow[]> {
    return this.#q.eventsOf.all(orderId);
  }
  /** Appends one timeline event. */
  async event(
    orderId: number,
    actor: string,
    role: OrderActorRole,
    kind: string,
    at: number,
    detail = {},
  ): Promise<void> {
    await this.#q.insertEvent.run(orderId, actor, role, kind, JSON.stringify(detail), at);
  }

  /** The appeal of an order, if one was opened. */
  async appeal(orderId: number): Promise<AppealRow | undefined> {
    return this.#q.appealOf.get(orderId);
  }
  /** Appeals newest first (a page of `page.limit` below id `page.before`); of one status unless `status` is null. */
  async appeals(status: string | null, page: Page = FIRST_PAGE): Promise<AppealRow[]> {
    return this.#q.appeals.all(status, status, page.before, page.limit);
  }
  /** Opens an appeal; `evidence` is the JSON list of upload ids. */
  async insertAppeal(
    orderId: number,
    openedBy: 'buyer' | 'seller',
    reason: string,
    evidence: string,
    at: number,
  ): Promise<void> {
    await this.#q.insertAppeal.run(orderId, openedBy, reason, evidence, at);
  }
  /** Closes an open appeal with its outcome, decided by `by` (an operator, or `seller` on release). */
  async decideAppeal(id: number, outcome: 'release' | 'return', by: string, at: number): Promise<void> {
    await this.#q.decideAppeal.run(outcome, by, at, id);
  }

  /** The freeze in force on `userId`, if any (the latest). */
  async freeze(userId: number): Promise<FreezeRow | undefined> {
    return this.#q.activeFreezeOf.get(userId);
  }
  async freezeById(id: number): Promise<FreezeRow | undefined> {
    return this.#q.freezeById.get(id);
  }
  /** Freezes newest first, a page of them; only those in force when `active`. */
  async freezes(active: boolean, page: Page = FIRST_PAGE): Promise<FreezeRow[]> {
    return this.#q.freezes.all(active ? 1 : 0, page.before, page.limit);
  }
  /** Freezes `userId`'s fiat trading, by `operator`, naming the order that caused it (if any). */
  async insertFreeze(
    userId: number,
    reason: string,
    orderId: number | null,
    operator: string,
    at: number,
  ): Promise<void> {
    await this.#q.insertFreeze.run(userId, reason, orderId, operator, at);
  }
  /** Lifts a freeze in force; false when it was lifted already. */
  async liftFreeze(id: number, operator: string, at: number): Promise<boolean> {
    return (await this.#q.liftFreeze.run(operator, at, id)).changes === 1;
  }

  /** Cancellations of `userId` on UTC day `day` (`YYYY-MM-DD`). */
  async cancels(userId: number, day: string): Promise<number> {
    return (await this.#q.cancelsOn.get(userId, day)) ?? 0;
  }
  /** Counts one more cancellation of `userId` on `day`. */
  async countCancel(userId: number, day: string): Promise<void> {
    await this.#q.countCancel.run(userId, day);
  }

  /** Whether `userId` owns upload `id`. */
  async ownsUpload(id: string, userId: number): Promise<boolean> {
    return isUploadId(id) && (await this.#uploads.isOwnedBy(id, userId));
  }
  /** Marks an upload as used by the area, so the sweep of unused uploads keeps it. */
  async keepImage(id: string, userId: number, purpose: string, at: number): Promise<void> {
    await this.#q.keepImage.run(id, userId, purpose, at);
  }

  /** An order's chat, oldest first (at most 500). */
  async messages(orderId: number): Promise<MessageRow[]> {
    return this.#q.messagesOf.all(orderId);
  }
  /** Adds a chat message; returns its id. */
  async insertMessage(
    orderId: number,
    userId: number,
    text: string,
    imageId: string,
    at: number,
  ): Promise<number> {
    return (await this.#q.insertMessage.run(orderId, userId, text, imageId, at)).lastId;
  }
}
