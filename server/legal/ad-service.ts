import { storeLimitsProblem } from '../../domain';
import type { AdReq, LegalConfig } from '../../domain/legal';
import { FIAT_DECIMALS, parseAdMethods, parseScaled } from '../../domain/legal-rules';
import type { Engine } from '../db';
import { AppError, fail, notFound, intField, type Input } from '../http';
import type { Ledger } from '../ledger';
import { LEGAL_KINDS } from './escrow';
import { mapLedger } from './order-service';
import type { AdRow, LegalStore } from './store';

/** Longest auto-cancel, in minutes (one week). */
export const AUTO_CANCEL_MAX_MIN = 7 * 24 * 60;
/** Largest fiat amount or price in cents, and quantity in ledger units, so products stay exact in JS numbers. */
const CENTS_MAX = 10n ** 13n;
const UNITS_MAX = 10n ** 15n;

/** What the ad service needs. */
export interface AdServiceDeps {
  engine: Engine;
  ledger: Ledger;
  store: LegalStore;
  terms: LegalConfig;
  now: () => number;
}

interface ParsedAd {
  price: number;
  min: number;
  max: number;
  total: bigint;
  methods: string;
  autoCancelMin: number;
}

/**
 * Merchants' ads: publish, edit, pause, withdraw, and the auto-cancel timer. A sell ad freezes its
 * coin in the merchant's `legal` account on publish (ledger ref `legal_ads`/id); what is not taken
 * is unfrozen on withdrawal. Each change is one writer command holding its checks (merchant, freeze,
 * the ad's status), the ad's row and its ledger moves.
 */
export class AdService {
  constructor(private readonly d: AdServiceDeps) {}

  /** Runs `fn` as one writer command (a savepoint when the caller is in a command already). */
  #command<R>(fn: () => Promise<R>): Promise<R> {
    return this.d.engine.writer.run(fn);
  }

  /** The ad if `merchantId` owns it. */
  async own(merchantId: number, id: number): Promise<AdRow> {
    const ad = await this.d.store.ad(id);
    if (!ad || ad.merchantId !== merchantId) throw notFound();
    return ad;
  }

  #parse(req: Partial<AdReq>, coin: string): ParsedAd {
    const decimals = this.d.terms.coins.find((c) => c.coin === coin)?.decimals ?? 8;
    const price = parseScaled(String(req.price ?? ''), FIAT_DECIMALS);
    if (price === null || price <= 0n || price > CENTS_MAX) throw fail('legalPriceFormat', 'price');
    const min = parseScaled(String(req.min ?? ''), FIAT_DECIMALS);
    if (min === null || min <= 0n || min > CENTS_MAX) throw fail('amountFormat', 'min');
    const max = parseScaled(String(req.max ?? ''), FIAT_DECIMALS);
    if (max === null || max <= 0n || max > CENTS_MAX) throw fail('amountFormat', 'max');
    const limits = storeLimitsProblem(String(req.min).trim(), String(req.max).trim());
    if (limits || max < min) throw fail(limits ?? 'storeMaxBelowMin', 'max');
    const total = parseScaled(String(req.total ?? ''), decimals);
    if (total === null || total <= 0n) throw fail('legalQtyFormat', 'total');
    const totalUnits = total * 10n ** BigInt(8 - decimals);
    if (totalUnits > UNITS_MAX) throw fail('legalQtyFormat', 'total');
    const methods = parseAdMethods(String(req.methods ?? ''));
    if (!methods) throw fail('legalAdMethods', 'methods');
    // Minutes in the API's one integer syntax; absent or empty means no auto-cancel.
    const autoCancelMin = intField(req as Input, 'autoCancelMin', {
      min: 0,
      max: AUTO_CANCEL_MAX_MIN,
      fallback: 0,
    });
    return {
      price: Number(price),
      min: Number(min),
      max: Number(max),
      total: totalUnits,
      methods: methods.join(','),
      autoCancelMin,
    };
  }

  async #requireMerchant(userId: number): Promise<void> {
    if (!(await this.d.store.merchant(userId))) throw fail('legalNotMerchant');
    if (await this.d.store.freeze(userId)) throw fail('legalFrozen');
  }

  /** A sell ad's merchant receives fiat: they need a method of every kind the ad offers (spec 997). */
  async #requireMethods(userId: number, side: string, methods: string): Promise<void> {
    if (side !== 'sell') return;
    const have = new Set((await this.d.store.methods(userId)).map((m) => m.kind));
    if (!methods.split(',').every((k) => have.has(k as never))) {
      throw new AppError('paymentInfo', 'legalMethodRequired', 'methods');
    }
  }

  readonly publish = (userId: number, req: Partial<AdReq>): Promise<AdRow> =>
    mapLedger(() =>
      this.#command(async () => {
        await this.#requireMerchant(userId);
        const side = req.side === 'buy' || req.side === 'sell' ? req.side : null;
        if (!side) throw fail('badRequest', 'side');
        const coin = String(req.coin ?? '').trim();
        if (!this.d.terms.coins.some((c) => c.coin === coin)) throw fail('unknownCoin', 'coin');
        const currency = String(req.currency ?? '').trim();
        if (!this.d.terms.currencies.includes(currency)) throw fail('legalUnknownCurrency', 'currency');
        const p = this.#parse(req, coin);
        await this.#requireMethods(userId, side, p.methods);
        const now = this.d.now();
        const expiresAt = p.autoCancelMin > 0 ? now + p.autoCancelMin * 60_000 : null;
        const id = await this.d.store.insertAd({
          merchantId: userId,
          side,
          coin,
          currency,
          price: p.price,
          minAmount: p.min,
          maxAmount: p.max,
          total: Number(p.total),
          remaining: Number(p.total),
          methods: p.methods,
          autoCancelMin: p.autoCancelMin,
          expiresAt,
          createdAt: now,
          updatedAt: now,
        });
        if (side === 'sell') {
          await this.d.ledger.freeze(
            { kind: LEGAL_KINDS.adFreeze, refType: 'legal_ads', refId: String(id), actor: `user:${userId}` },
            { userId, account: 'legal', coin },
            p.total,
          );
        }
        return (await this.d.store.ad(id))!;
      }),
    );

  /** Edits price, limits, total, methods and auto-cancel; the total cannot drop below what orders hold. */
  readonly edit = (userId: number, id: number, req: Partial<AdReq>): Promise<AdRow> =>
    mapLedger(() =>
      this.#command(async () => {
        await this.#requireMerchant(userId);
        const ad = await this.own(userId, id);
        if (ad.status === 'withdrawn') throw fail('legalAdNotOnline');
        const p = this.#parse(req, ad.coin);
        await this.#requireMethods(userId, ad.side, p.methods);
        const inOrders = BigInt(ad.total - ad.remaining);
        if (p.total < inOrders) throw fail('legalQtyFormat', 'total');
        const remaining = p.total - inOrders;
        const delta = remaining - BigInt(ad.remaining);
        const now = this.d.now();
        if (ad.side === 'sell' && delta !== 0n) {
          const meta = { refType: 'legal_ads', refId: String(ad.id), actor: `user:${userId}` };
          const holder = { userId, account: 'legal' as const, coin: ad.coin };
          if (delta > 0n) await this.d.ledger.freeze({ ...meta, kind: LEGAL_KINDS.adFreeze }, holder, delta);
          else await this.d.ledger.unfreeze({ ...meta, kind: LEGAL_KINDS.adUnfreeze }, holder, -delta);
        }
        const expiresAt = p.autoCancelMin > 0 ? now + p.autoCancelMin * 60_000 : null;
        await this.d.store.updateAd(ad.id, {
          price: p.price,
          minAmount: p.min,
          maxAmount: p.max,
          total: Number(p.total),
          remaining: Number(remaining),
          methods: p.methods,
          autoCancelMin: p.autoCancelMin,
          expiresAt,
          updatedAt: now,
        });
        return (await this.d.store.ad(ad.id))!;
      }),
    );

  readonly pause = (userId: number, id: number, paused: boolean): Promise<AdRow> =>
    this.#command(async () => {
      const ad = await this.own(userId, id);
      const from = paused ? 'online' : 'paused';
      if (!paused) await this.#requireMerchant(userId);
      if (ad.status !== from) throw fail('legalAdNotOnline');
      await this.d.store.setAdStatus(ad.id, from, paused ? 'paused' : 'online', ad.remaining, this.d.now());
      return (await this.d.store.ad(ad.id))!;
    });

  /** Withdraws an ad; a sell ad's untaken coin is unfrozen. Open orders go on with their own escrow. */
  readonly withdraw = (userId: number | null, id: number): Promise<AdRow> =>
    this.#command(() => this.#withdraw(userId, id));

  async #withdraw(userId: number | null, id: number): Promise<AdRow> {
    const ad = userId === null ? await this.d.store.ad(id) : await this.own(userId, id);
    if (!ad) throw notFound();
    if (ad.status === 'withdrawn') throw fail('legalAdNotOnline');
    await this.d.store.setAdStatus(ad.id, ad.status, 'withdrawn', 0, this.d.now());
    if (ad.side === 'sell' && ad.remaining > 0) {
      await this.d.ledger.unfreeze(
        {
          kind: LEGAL_KINDS.adUnfreeze,
          refType: 'legal_ads',
          refId: String(ad.id),
          actor: userId === null ? 'system' : `user:${userId}`,
        },
        { userId: ad.merchantId, account: 'legal', coin: ad.coin },
        BigInt(ad.remaining),
      );
    }
    return (await this.d.store.ad(ad.id))!;
  }

  /**
   * Withdraws the ad if its auto-cancel time has come and it is not withdrawn yet (checked in the
   * command, so a merchant's own withdrawal that came first wins); returns whether it did. The
   * auto-cancel timer's command.
   */
  readonly expire = (id: number): Promise<boolean> =>
    this.#command(async () => {
      const ad = await this.d.store.ad(id);
      if (!ad || ad.status === 'withdrawn' || ad.expiresAt === null || ad.expiresAt > this.d.now()) {
        return false;
      }
      await this.#withdraw(null, id);
      return true;
    });

  /**
   * Withdraws the ads whose auto-cancel time passed, each in its own command; returns how many.
   * A refused command (the writer busy) rejects after the ones before it were kept; the next sweep
   * finds the rest.
   */
  async expireDue(): Promise<number> {
    let n = 0;
    for (const id of await this.d.store.adsDue(this.d.now())) if (await this.expire(id)) n++;
    return n;
  }
}
