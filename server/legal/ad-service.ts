import type { Database as SqliteDb } from 'better-sqlite3';
import { storeLimitsProblem } from '../../domain';
import type { AdReq, LegalConfig } from '../../domain/legal';
import { FIAT_DECIMALS, parseAdMethods, parseScaled } from '../../domain/legal-rules';
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
  sqlite: SqliteDb;
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
 * is unfrozen on withdrawal.
 */
export class AdService {
  constructor(private readonly d: AdServiceDeps) {}

  /** The ad if `merchantId` owns it. */
  own(merchantId: number, id: number): AdRow {
    const ad = this.d.store.ad(id);
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

  #requireMerchant(userId: number): void {
    if (!this.d.store.merchant(userId)) throw fail('legalNotMerchant');
    if (this.d.store.freeze(userId)) throw fail('legalFrozen');
  }

  /** A sell ad's merchant receives fiat: they need a method of every kind the ad offers (spec 997). */
  #requireMethods(userId: number, side: string, methods: string): void {
    if (side !== 'sell') return;
    const have = new Set(this.d.store.methods(userId).map((m) => m.kind));
    if (!methods.split(',').every((k) => have.has(k as never))) {
      throw new AppError('paymentInfo', 'legalMethodRequired', 'methods');
    }
  }

  readonly publish = (userId: number, req: Partial<AdReq>): AdRow =>
    mapLedger(() =>
      this.d.sqlite.transaction(() => {
        this.#requireMerchant(userId);
        const side = req.side === 'buy' || req.side === 'sell' ? req.side : null;
        if (!side) throw fail('badRequest', 'side');
        const coin = String(req.coin ?? '').trim();
        if (!this.d.terms.coins.some((c) => c.coin === coin)) throw fail('unknownCoin', 'coin');
        const currency = String(req.currency ?? '').trim();
        if (!this.d.terms.currencies.includes(currency)) throw fail('legalUnknownCurrency', 'currency');
        const p = this.#parse(req, coin);
        this.#requireMethods(userId, side, p.methods);
        const now = this.d.now();
        const expiresAt = p.autoCancelMin > 0 ? now + p.autoCancelMin * 60_000 : null;
        const id = this.d.store.insertAd({
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
          this.d.ledger.freeze(
            { kind: LEGAL_KINDS.adFreeze, refType: 'legal_ads', refId: String(id), actor: `user:${userId}` },
            { userId, account: 'legal', coin },
            p.total,
          );
        }
        return this.d.store.ad(id)!;
      })(),
    );

  /** Edits price, limits, total, methods and auto-cancel; the total cannot drop below what orders hold. */
  readonly edit = (userId: number, id: number, req: Partial<AdReq>): AdRow =>
    mapLedger(() =>
      this.d.sqlite.transaction(() => {
        this.#requireMerchant(userId);
        const ad = this.own(userId, id);
        if (ad.status === 'withdrawn') throw fail('legalAdNotOnline');
        const p = this.#parse(req, ad.coin);
        this.#requireMethods(userId, ad.side, p.methods);
        const inOrders = BigInt(ad.total - ad.remaining);
        if (p.total < inOrders) throw fail('legalQtyFormat', 'total');
        const remaining = p.total - inOrders;
        const delta = remaining - BigInt(ad.remaining);
        const now = this.d.now();
        if (ad.side === 'sell' && delta !== 0n) {
          const meta = { refType: 'legal_ads', refId: String(ad.id), actor: `user:${userId}` };
          const holder = { userId, account: 'legal' as const, coin: ad.coin };
          if (delta > 0n) this.d.ledger.freeze({ ...meta, kind: LEGAL_KINDS.adFreeze }, holder, delta);
          else this.d.ledger.unfreeze({ ...meta, kind: LEGAL_KINDS.adUnfreeze }, holder, -delta);
        }
        const expiresAt = p.autoCancelMin > 0 ? now + p.autoCancelMin * 60_000 : null;
        this.d.store.updateAd(ad.id, {
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
        return this.d.store.ad(ad.id)!;
      })(),
    );

  readonly pause = (userId: number, id: number, paused: boolean): AdRow =>
    this.d.sqlite.transaction(() => {
      const ad = this.own(userId, id);
      const from = paused ? 'online' : 'paused';
      if (!paused) this.#requireMerchant(userId);
      if (ad.status !== from) throw fail('legalAdNotOnline');
      this.d.store.setAdStatus(ad.id, from, paused ? 'paused' : 'online', ad.remaining, this.d.now());
      return this.d.store.ad(ad.id)!;
    })();

  /** Withdraws an ad; a sell ad's untaken coin is unfrozen. Open orders go on with their own escrow. */
  readonly withdraw = (userId: number | null, id: number): AdRow =>
    this.d.sqlite.transaction(() => {
      const ad = userId === null ? this.d.store.ad(id) : this.own(userId, id);
      if (!ad) throw notFound();
      if (ad.status === 'withdrawn') throw fail('legalAdNotOnline');
      this.d.store.setAdStatus(ad.id, ad.status, 'withdrawn', 0, this.d.now());
      if (ad.side === 'sell' && ad.remaining > 0) {
        this.d.ledger.unfreeze(
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
      return this.d.store.ad(ad.id)!;
    })();

  /** Withdraws ads whose auto-cancel time passed; returns how many. */
  expireDue(): number {
    const due = this.d.store.adsDue(this.d.now());
    for (const id of due) this.withdraw(null, id);
    return due.length;
  }
}
