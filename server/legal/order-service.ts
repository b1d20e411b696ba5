import type { Database as SqliteDb } from 'better-sqlite3';
import type { LegalConfig, OrderActorRole, PaymentMethod, TakeReq } from '../../domain/legal';
import {
  EVIDENCE_MAX,
  LEGAL_REASON_MAX,
  LEGAL_TEXT_MAX,
  nextStatus,
  parseScaled,
  quoteTake,
  utcDay,
  type OrderAction,
} from '../../domain/legal-rules';
import { AppError, fail, notFound } from '../http';
import { InsufficientBalanceError, type Ledger } from '../ledger';
import type { OpsJournal } from '../ops';
import { Escrow } from './escrow';
import type { LegalStore, OrderRow } from './store';
import { toMethod } from './views';

/** What the order service needs. */
export interface OrderServiceDeps {
  sqlite: SqliteDb;
  ledger: Ledger;
  store: LegalStore;
  journal: OpsJournal;
  terms: LegalConfig;
  now: () => number;
}

const UNIT = 100_000_000n;

/** Raises `insufficientBalance` for a ledger overdraft, anything else unchanged. */
export function mapLedger<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof InsufficientBalanceError) throw fail('insufficientBalance', 'amount');
    throw err;
  }
}

/**
 * The order lifecycle: take, pay, release, cancel, expire, appeal and the operator's decision.
 * Each command is one database transaction holding the status change (guarded by the state it
 * expects, so of two racing requests exactly one wins), its timeline event and its ledger moves.
 */
export class OrderService {
  readonly escrow: Escrow;
  private readonly tx: <A extends unknown[], R>(fn: (...a: A) => R) => (...a: A) => R;

  constructor(private readonly d: OrderServiceDeps) {
    this.escrow = new Escrow(d.ledger, d.store);
    this.tx = (fn) => d.sqlite.transaction(fn) as never;
  }

  decimalsOf(coin: string): number {
    return this.d.terms.coins.find((c) => c.coin === coin)?.decimals ?? 8;
  }

  /** Cancellations of `userId` today (UTC) and how many remain before the buying restriction. */
  cancelsToday(userId: number): { count: number; left: number } {
    const count = this.d.store.cancels(userId, utcDay(this.d.now()));
    return { count, left: Math.max(0, this.d.terms.cancelsPerDay - count) };
  }

  requireNotFrozen(userId: number): void {
    if (this.d.store.freeze(userId)) throw fail('legalFrozen');
  }

  /** Takes an ad: creates the order and its escrow. */
  take(userId: number, req: TakeReq): OrderRow {
    return mapLedger(() => this.tx(() => this.#take(userId, req))());
  }

  #take(userId: number, req: TakeReq): OrderRow {
    const { store, terms } = this.d;
    const now = this.d.now();
    this.requireNotFrozen(userId);
    // The route read `adId` with the API's id parser (server/http/input.ts).
    const ad = typeof req.adId === 'number' ? store.ad(req.adId) : undefined;
    if (!ad) throw notFound();
    if (ad.merchantId === userId) throw fail('legalOwnAd', 'adId');
    const expired = ad.expiresAt !== null && ad.expiresAt <= now;
    if (ad.status !== 'online' || expired || store.freeze(ad.merchantId)) throw fail('legalAdNotOnline');
    const by = req.by === 'qty' ? 'qty' : req.by === 'amount' ? 'amount' : null;
    if (!by) throw fail('badRequest', 'by');
    const decimals = this.decimalsOf(ad.coin);
    const quote = quoteTake(by, String(req.value ?? ''), BigInt(ad.price), decimals);
    if (!quote) throw fail('amountFormat', 'value');
    const amount = Number(quote.amountCents);
    if (quote.qtyUnits <= 0n || amount < ad.minAmount || amount > ad.maxAmount) {
      throw fail('legalOutsideLimits', 'value');
    }
    if (quote.qtyUnits > BigInt(ad.remaining)) throw fail('legalBeyondRemaining', 'value');
    const userBuys = ad.side === 'sell';
    const buyerId = userBuys ? userId : ad.merchantId;
    const sellerId = userBuys ? ad.merchantId : userId;
    if (userBuys && this.cancelsToday(userId).left === 0) throw fail('legalCancelLimit');
    const offered = ad.methods.split(',');
    const payee: PaymentMethod[] = store
      .methods(sellerId)
      .filter((m) => offered.includes(m.kind))
      .map(toMethod);
    if (payee.length === 0) {
      // The user sells: fiat is paid to them, so they need a method the ad accepts (spec 997).
      if (!userBuys) throw new AppError('paymentInfo', 'legalMethodRequired');
      throw fail('legalAdNotOnline');
    }
    const rate = parseScaled(userBuys ? terms.takerFee : terms.makerFee, 8) ?? 0n;
    const fee = (quote.qtyUnits * rate) / UNIT;
    if (!store.addRemaining(ad.id, -Number(quote.qtyUnits), now)) throw fail('legalBeyondRemaining', 'value');
    const deadline = now + terms.paymentMinutes * 60_000;
    const id = store.insertOrder({
      adId: ad.id,
      merchantId: ad.merchantId,
      userId,
      buyerId,
      sellerId,
      coin: ad.coin,
      currency: ad.currency,
      price: ad.price,
      qty: Number(quote.qtyUnits),
      amount,
      fee: Number(fee),
      payDeadline: deadline,
      payee: JSON.stringify(payee),
      createdAt: now,
      updatedAt: now,
    });
    const order = store.order(id)!;
    if (!userBuys) this.escrow.hold(order, `user:${userId}`);
    store.event(id, `user:${userId}`, userBuys ? 'buyer' : 'seller', 'created', now, {
      by,
      value: String(req.value),
    });
    return order;
  }

  /** The order if `userId` is one of its parties, with the caller's role. */
  own(userId: number, id: number): { order: OrderRow; role: 'buyer' | 'seller' } {
    const order = this.d.store.order(id);
    if (!order || (order.buyerId !== userId && order.sellerId !== userId)) throw notFound();
    return { order, role: order.buyerId === userId ? 'buyer' : 'seller' };
  }

  /** Moves `o` by `action` of `role`, or refuses with `legalOrderState`. */
  #move(o: OrderRow, action: OrderAction, role: OrderActorRole, now: number): OrderRow {
    const to = nextStatus(o.status, action, role);
    if (!to || !this.d.store.setStatus(o.id, o.status, to, now)) throw fail('legalOrderState');
    return { ...o, status: to, updatedAt: now };
  }

  readonly pay = (userId: number, id: number, reference: string): OrderRow =>
    this.tx(() => {
      const { order, role } = this.own(userId, id);
      const now = this.d.now();
      if (role === 'buyer') this.requireNotFrozen(userId);
      const ref = reference.trim();
      if (order.status === 'pending' && order.payDeadline <= now) throw fail('legalOrderState');
      const moved = this.#move(order, 'pay', role, now);
      if (!ref) throw fail('required', 'reference');
      if ([...ref].length > LEGAL_TEXT_MAX) throw fail('textTooLong', 'reference');
      this.d.store.setPayRef(order.id, ref);
      this.d.store.event(order.id, `user:${userId}`, role, 'paid', now, { reference: ref });
      return { ...moved, payRef: ref };
    })();

  readonly release = (userId: number, id: number): OrderRow =>
    this.tx(() => {
      const { order, role } = this.own(userId, id);
      const now = this.d.now();
      const moved = this.#move(order, 'release', role, now);
      this.escrow.release(order, `user:${userId}`);
      if (order.status === 'appeal') {
        const a = this.d.store.appeal(order.id);
        if (a) this.d.store.decideAppeal(a.id, 'release', 'seller', now);
      }
      this.d.store.event(order.id, `user:${userId}`, role, 'released', now);
      return moved;
    })();

  readonly cancel = (userId: number, id: number): OrderRow =>
    this.tx(() => {
      const { order, role } = this.own(userId, id);
      const now = this.d.now();
      const moved = this.#move(order, 'cancel', role, now);
      this.escrow.giveBack(order, `user:${userId}`, now);
      this.d.store.countCancel(order.buyerId, utcDay(now));
      this.d.store.event(order.id, `user:${userId}`, role, 'cancelled', now);
      return moved;
    })();

  /** Cancels an unpaid order whose deadline passed; null when it is no longer pending or not due. */
  readonly expire = (id: number): OrderRow | null =>
    this.tx(() => {
      const order = this.d.store.order(id);
      const now = this.d.now();
      if (!order || order.status !== 'pending' || order.payDeadline > now) return null;
      const moved = this.#move(order, 'expire', 'system', now);
      this.escrow.giveBack(order, 'system', now);
      // Not paying in time counts as the buyer's cancellation (spec §6).
      this.d.store.countCancel(order.buyerId, utcDay(now));
      this.d.store.event(order.id, 'system', 'system', 'expired', now);
      return moved;
    })();

  readonly appeal = (userId: number, id: number, reason: string, evidenceText: string): OrderRow =>
    this.tx(() => {
      const { order, role } = this.own(userId, id);
      const now = this.d.now();
      const moved = this.#move(order, 'appeal', role, now);
      const why = reason.trim();
      if (!why) throw fail('required', 'reason');
      if ([...why].length > LEGAL_REASON_MAX) throw fail('textTooLong', 'reason');
      const evidence = [
        ...new Set(
          evidenceText
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      if (evidence.length > EVIDENCE_MAX) throw fail('badRequest', 'evidence');
      for (const e of evidence) {
        if (!this.d.store.ownsUpload(e, userId)) throw fail('uploadRequired', 'evidence');
        this.d.store.keepImage(e, userId, 'evidence', now);
      }
      this.d.store.insertAppeal(order.id, role, why, JSON.stringify(evidence), now);
      this.d.store.event(order.id, `user:${userId}`, role, 'appealed', now, { reason: why, evidence });
      return moved;
    })();

  /**
   * The operator's decision on an appeal: `release` the coin to the buyer, or `return` it to the
   * seller; `fraud` (with return) also freezes the buyer, who marked paid without paying.
   */
  readonly decide = (operator: string, id: number, outcome: string, fraud: boolean, note: string): OrderRow =>
    this.tx(() => {
      const order = this.d.store.order(id);
      if (!order) throw notFound();
      if (outcome !== 'release' && outcome !== 'return') throw fail('badRequest', 'outcome');
      if (fraud && outcome !== 'return') throw fail('badRequest', 'fraud');
      const now = this.d.now();
      const action = outcome === 'release' ? 'decideRelease' : fraud ? 'decideFraud' : 'decideReturn';
      const moved = this.#move(order, action, 'operator', now);
      const actor = `operator:${operator}`;
      if (outcome === 'release') this.escrow.release(order, actor);
      else this.escrow.giveBack(order, actor, now);
      const a = this.d.store.appeal(order.id);
      if (a) this.d.store.decideAppeal(a.id, outcome, operator, now);
      const detail = { outcome, fraud, ...(note && { note }) };
      if (fraud) {
        this.d.store.insertFreeze(order.buyerId, note || 'maliciousConfirmation', order.id, operator, now);
      }
      this.d.store.event(order.id, actor, 'operator', 'decided', now, detail);
      this.d.journal.record({
        operator,
        action: 'legal.appeal.decide',
        targetType: 'legal_orders',
        targetId: String(order.id),
        detail: { ...detail, buyerId: order.buyerId, sellerId: order.sellerId },
      });
      return moved;
    })();
}
