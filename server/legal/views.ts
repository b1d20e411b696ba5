import { fromUnits } from '../../domain';
import type {
  LegalAd,
  LegalAppeal,
  LegalOrder,
  MerchantInfo,
  OrderEvent,
  PaymentKind,
  PaymentMethod,
} from '../../domain/legal';
import { FIAT_DECIMALS, formatScaled } from '../../domain/legal-rules';
import type { Engine } from '../db';
import { accounts, type Accounts } from '../mine';
import type { MerchantStatsReader } from './stats';
import type { AdRow, AppealRow, LegalStore, MethodRow, OrderRow } from './store';

/** A user as the area needs it. */
export interface UserFacts {
  account: string;
  accountKind: 'mobile' | 'email';
  kyc: string;
  createdAt: number;
}

/** Cents as a 2-decimal string. */
export const cents = (v: number): string => formatScaled(BigInt(v), FIAT_DECIMALS);

/** A payment method row as the app sees it. */
export function toMethod(r: MethodRow): PaymentMethod {
  return {
    id: r.id,
    kind: r.kind,
    realName: r.realName,
    bank: r.bank,
    cardNumber: r.cardNumber,
    account: r.account,
    nickname: r.nickname,
    qrId: r.qrId,
    updatedAt: r.updatedAt,
  };
}

/** An account masked for the other party: `138****5678`, `ab***@example.com`. */
export function maskAccount(account: string): string {
  const at = account.indexOf('@');
  if (at > 0) return `${account.slice(0, Math.min(2, at))}***${account.slice(at)}`;
  return account.length > 7 ? `${account.slice(0, 3)}****${account.slice(-4)}` : '****';
}

/**
 * Builds the views of the fiat area from its rows. Reads only: outside a command they see committed
 * data, so a view built after a command returned shows what that command kept.
 */
export class LegalViews {
  readonly #users: Accounts;

  constructor(
    engine: Engine,
    private readonly store: LegalStore,
    private readonly stats: MerchantStatsReader,
    private readonly now: () => number,
  ) {
    this.#users = accounts(engine);
  }

  async user(userId: number): Promise<UserFacts | undefined> {
    return this.#users.profileOf(userId);
  }

  /** A merchant's public card, or null when `userId` is not an approved merchant. */
  async merchant(userId: number): Promise<MerchantInfo | null> {
    const app = await this.store.merchant(userId);
    const user = await this.user(userId);
    if (!app || !user) return null;
    const kycVerified = user.kyc === 'verified';
    return {
      userId,
      nickname: app.nickname,
      registeredAt: user.createdAt,
      since: app.decidedAt ?? app.createdAt,
      levels: { mobile: user.accountKind === 'mobile', realName: kycVerified, advanced: kycVerified },
      stats: await this.stats.stats(userId),
    };
  }

  /** An ad with its merchant; `merchants` caches merchant cards within one reply. */
  async ad(r: AdRow, decimals: number, merchants = new Map<number, MerchantInfo | null>()): Promise<LegalAd> {
    let m = merchants.get(r.merchantId);
    if (m === undefined) merchants.set(r.merchantId, (m = await this.merchant(r.merchantId)));
    return {
      id: r.id,
      merchant: m ?? {
        userId: r.merchantId,
        nickname: '',
        registeredAt: 0,
        since: 0,
        levels: { mobile: false, realName: false, advanced: false },
        stats: await this.stats.stats(r.merchantId),
      },
      side: r.side,
      coin: r.coin,
      currency: r.currency,
      price: cents(r.price),
      min: cents(r.minAmount),
      max: cents(r.maxAmount),
      total: fromUnits(BigInt(r.total), decimals),
      remaining: fromUnits(BigInt(r.remaining), decimals),
      methods: r.methods.split(',') as PaymentKind[],
      autoCancelMin: r.autoCancelMin,
      expiresAt: r.expiresAt,
      status: r.status,
      createdAt: r.createdAt,
    };
  }

  /** An order as party `callerId` sees it. */
  async order(r: OrderRow, callerId: number, decimals: number): Promise<LegalOrder> {
    const role = r.buyerId === callerId ? 'buyer' : 'seller';
    const other = role === 'buyer' ? r.sellerId : r.buyerId;
    const merchantName = (await this.store.merchant(r.merchantId))?.nickname ?? '';
    const counterparty =
      other === r.merchantId ? merchantName : maskAccount((await this.user(other))?.account ?? '');
    const payeeVisible = ['pending', 'paid', 'appeal'].includes(r.status);
    const appeal = await this.store.appeal(r.id);
    const events = await this.store.events(r.id);
    return {
      id: r.id,
      adId: r.adId,
      role,
      asMerchant: r.merchantId === callerId,
      merchantId: r.merchantId,
      merchantName,
      counterparty,
      coin: r.coin,
      currency: r.currency,
      price: cents(r.price),
      qty: fromUnits(BigInt(r.qty), decimals),
      amount: cents(r.amount),
      fee: fromUnits(BigInt(r.fee)),
      status: r.status,
      payDeadline: r.payDeadline,
      payRef: r.payRef,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      payee: payeeVisible ? (JSON.parse(r.payee) as PaymentMethod[]) : null,
      timeline: events.map((e): OrderEvent => ({
        id: e.id,
        role: e.role,
        kind: e.kind,
        detail: JSON.parse(e.detail) as Record<string, unknown>,
        at: e.createdAt,
      })),
      appeal: appeal ? toAppeal(appeal) : null,
      serverTime: this.now(),
    };
  }
}

/** An appeal row as the app sees it. */
export function toAppeal(a: AppealRow): LegalAppeal {
  return {
    id: a.id,
    openedBy: a.openedBy,
    reason: a.reason,
    evidence: JSON.parse(a.evidence) as string[],
    status: a.status,
    outcome: a.outcome,
    createdAt: a.createdAt,
    decidedAt: a.decidedAt,
  };
}
