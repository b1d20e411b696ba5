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
import type { Engine } from '../db';
import { AppError, fail, notFound } from '../http';
import { InsufficientBalanceError, type Ledger } from '../ledger';
import type { OpsJournal } from '../ops';
import { Escrow } from './escrow';
import type { LegalStore, OrderRow } from './store';
import { toMethod } from './views';

/** What the order service needs. */
export interface OrderServiceDeps {
  engine: Engine;
  ledger: Ledger;
  store: LegalStore;
  journal: OpsJournal;
  terms: LegalConfig;
  now: () => number;
}

const UNIT = 100_000_000n;

/** Raises `insufficientBalance` for a ledger overdraft, anything else unchanged. */
export async function mapLedger<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof InsufficientBalanceError) throw fail('insufficientBalance', 'amount');
    throw err;
  }
}

/**
 * The order lifecycle: take, pay, release, cancel, expire, appeal and the operator's decision.
 * Each is one command of the engine's writer holding the checks it depends on (the order's status,
 * the party, freezes, balances), the status change (guarded by the state it expects as well), its
 * timeline event and its ledger moves: a refusal anywhere undoes all of that command and nothing
 * else. Callers push the order to its parties after the command returned (committed).
 */
export class OrderService {
  readonly escrow: Escrow;

  constructor(private readonly d: OrderServiceDeps) {
    this.escrow = new Escrow(d.ledger, d.store);
  }

  /** Runs `fn` as one writer command (a savepoint when the caller is in a command already). */
  #command<R>(fn: () => Promise<R>): Promise<R> {
    return this.d.engine.writer.run(fn);
  }

  decimalsOf(coin: string): number {
    return this.d.terms.coins.find((c) => c.coin === coin)?.decimals ?? 8;
  }

  /** Cancellations of `userId` today (UTC) and how many remain before the buying restriction. */
  async cancelsToday(userId: number): Promise<{ count: number; left: number }> {
    const count = await this.d.store.cancels(userId, utcDay(this.d.now()));
    return { count, left: Math.max(0, this.d.terms.cancelsPerDay - count) };
  }

  async requireNotFrozen(userId: number): Promise<void> {
    if (await this.d.store.freeze(userId)) throw fail('legalFrozen');
  }

  /** Takes an ad: creates the order and its escrow. */
  take(userId: number, req: TakeReq): Promise<OrderRow> {
    return mapLedger(() => this.#command(() => this.#take(userId, req)));
  }

  async #take(userId: number, req: TakeReq): Promise<OrderRow> {
    const { store, terms } = this.d;
    const now = this.d.now();
    await this.requireNotFrozen(userId);
    // The route read `adId` with the API's id parser (server/http/input.ts).
    const ad = typeof req.adId === 'number' ? await store.ad(req.adId) : undefined;
    if (!ad) throw notFound();
    if (ad.merchantId === userId) throw fail('legalOwnAd', 'adId');
    const expired = ad.expiresAt !== null && ad.expiresAt <= now;
    if (ad.status !== 'online' || expired || (await store.freeze(ad.merchantId))) {
      throw fail('legalAdNotOnline');
    }
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
    if (userBuys && (await this.cancelsToday(userId)).left === 0) throw fail('legalCancelLimit');
    const offered = ad.methods.split(',');
    const payee: PaymentMethod[] = (await store.methods(sellerId))
      .filter((m) => offered.includes(m.kind))
      .map(toMethod);
    if (payee.length === 0) {
      // The user sells: fiat is paid to them, so they need a method the ad accepts (spec 997).
      if (!userBuys) throw new AppError('paymentInfo', 'legalMethodRequired');
      throw fail('legalAdNotOnline');
    }
    const rate = parseScaled(userBuys ? terms.takerFee : terms.makerFee, 8) ?? 0n;
    const fee = (quote.qtyUnits * rate) / UNIT;
    if (!(await store.addRemaining(ad.id, -Number(quote.qtyUnits), now))) {
      throw fail('legalBeyondRemaining', 'value');
    }
    const deadline = now + terms.paymentMinutes * 60_000;
    const id = await store.insertOrder({
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
    const order = (await store.order(id))!;
    if (!userBuys) await this.escrow.hold(order, `user:${userId}`);
    await store.event(id, `user:${userId}`, userBuys ? 'buyer' : 'seller', 'created', now, {
      by,
      value: String(req.value),
    });
    return order;
  }

  /** The order if `userId` is one of its parties, with the caller's role. */
  async own(userId: number, id: number): Promise<{ order: OrderRow; role: 'buyer' | 'seller' }> {
    const order = await this.d.store.order(id);
    if (!order || (order.buyerId !== userId && order.sellerId !== userId)) throw notFound();
    return { order, role: order.buyerId === userId ? 'buyer' : 'seller' };
  }

  /** Moves `o` by `action` of `role`, or refuses with `legalOrderState`. */
  async #move(o: OrderRow, action: OrderAction, role: OrderActorRole, now: number): Promise<OrderRow> {
    const to = nextStatus(o.status, action, role);
    if (!to || !(await this.d.store.setStatus(o.id, o.status, to, now))) throw fail('legalOrderState');
    return { ...o, status: to, updatedAt: now };
  }

  readonly pay = (userId: number, id: number, reference: string): Promise<OrderRow> =>
    this.#command(async () => {
      const { order, role } = await this.own(userId, id);
      const now = this.d.now();
      if (role === 'buyer') await this.requireNotFrozen(userId);
      const ref = reference.trim();
      if (order.status === 'pending' && order.payDeadline <= now) throw fail('legalOrderState');
      const moved = await this.#move(order, 'pay', role, now);
      if (!ref) throw fail('required', 'reference');
      if ([...ref].length > LEGAL_TEXT_MAX) throw fail('textTooLong', 'reference');
      await this.d.store.setPayRef(order.id, ref);
      await this.d.store.event(order.id, `user:${userId}`, role, 'paid', now, { reference: ref });
      return { ...moved, payRef: ref };
    });

  readonly release = (userId: number, id: number): Promise<OrderRow> =>
    this.#command(async () => {
      const { order, role } = await this.own(userId, id);
      const now = this.d.now();
      const moved = await this.#move(order, 'release', role, now);
      await this.escrow.release(order, `user:${userId}`);
      if (order.status === 'appeal') {
        const a = await this.d.store.appeal(order.id);
        if (a) await this.d.store.decideAppeal(a.id, 'release', 'seller', now);
      }
      await this.d.store.event(order.id, `user:${userId}`, role, 'released', now);
      return moved;
    });

  readonly cancel = (userId: number, id: number): Promise<OrderRow> =>
    this.#command(async () => {
      const { order, role } = await this.own(userId, id);
      const now = this.d.now();
      const moved = await this.#move(order, 'cancel', role, now);
      await this.escrow.giveBack(order, `user:${userId}`, now);
      await this.d.store.countCancel(order.buyerId, utcDay(now));
      await this.d.store.event(order.id, `user:${userId}`, role, 'cancelled', now);
      return moved;
    });

  /**
   * Cancels an unpaid order whose deadline passed; null when it is no longer pending or not due
   * (checked in the command, so a payment that came first wins). The pay-window timer's command.
   */
  readonly expire = (id: number): Promise<OrderRow | null> =>
    this.#command(async () => {
      const order = await this.d.store.order(id);
      const now = this.d.now();
      if (!order || order.status !== 'pending' || order.payDeadline > now) return null;
      const moved = await this.#move(order, 'expire', 'system', now);
      await this.escrow.giveBack(order, 'system', now);
      // Not paying in time counts as the buyer's cancellation (spec §6).
      await this.d.store.countCancel(order.buyerId, utcDay(now));
      await this.d.store.event(order.id, 'system', 'system', 'expired', now);
      return moved;
    });

  readonly appeal = (userId: number, id: number, reason: string, evidenceText: string): Promise<OrderRow> =>
    this.#command(async () => {
      const { order, role } = await this.own(userId, id);
      const now = this.d.now();
      const moved = await this.#move(order, 'appeal', role, now);
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
        if (!(await this.d.store.ownsUpload(e, userId))) throw fail('uploadRequired', 'evidence');
        await this.d.store.keepImage(e, userId, 'evidence', now);
      }
      await this.d.store.insertAppeal(order.id, role, why, JSON.stringify(evidence), now);
      await this.d.store.event(order.id, `user:${userId}`, role, 'appealed', now, { reason: why, evidence });
      return moved;
    });

  /**
   * The operator's decision on an appeal: `release` the coin to the buyer, or `return` it to the
   * seller; `fraud` (with return) also freezes the buyer, who marked paid without paying.
   */
  readonly decide = (
    operator: string,
    id: number,
    outcome: string,
    fraud: boolean,
    note: string,
  ): Promise<OrderRow> =>
    this.#command(async () => {
      const order = await this.d.store.order(id);
      if (!order) throw notFound();
      if (outcome !== 'release' && outcome !== 'return') throw fail('badRequest', 'outcome');
      if (fraud && outcome !== 'return') throw fail('badRequest', 'fraud');
      const now = this.d.now();
      const action = outcome === 'release' ? 'decideRelease' : fraud ? 'decideFraud' : 'decideReturn';
      const moved = await this.#move(order, action, 'operator', now);
      const actor = `operator:${operator}`;
      if (outcome === 'release') await this.escrow.release(order, actor);
      else await this.escrow.giveBack(order, actor, now);
      const a = await this.d.store.appeal(order.id);
      if (a) await this.d.store.decideAppeal(a.id, outcome, operator, now);
      const detail = { outcome, fraud, ...(note && { note }) };
      if (fraud) {
        const reason = note || 'maliciousConfirmation';
        await this.d.store.insertFreeze(order.buyerId, reason, order.id, operator, now);
      }
      await this.d.store.event(order.id, actor, 'operator', 'decided', now, detail);
      await this.d.journal.record({
        operator,
        action: 'legal.appeal.decide',
        targetType: 'legal_orders',
        targetId: String(order.id),
        detail: { ...detail, buyerId: order.buyerId, sellerId: order.sellerId },
        before: { status: order.status, appeal: a?.status ?? null },
        after: { status: moved.status, appeal: a ? 'decided' : null, outcome, fraud },
      });
      return moved;
    });
}
