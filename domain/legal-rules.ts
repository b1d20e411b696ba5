import type { ErrorKey } from './errors';
import {
  FIAT_PAYMENT_KINDS,
  PAYMENT_KINDS,
  type LegalOrderStatus,
  type OrderActorRole,
  type PaymentKind,
  type PaymentMethodReq,
} from './legal';

/** Decimals of fiat prices and amounts. */
export const FIAT_DECIMALS = 2;
/** Ledger minor units per coin (1e8). */
const UNIT = 100_000_000n;
/** Longest texts, in characters. */
export const LEGAL_TEXT_MAX = 64;
export const LEGAL_REASON_MAX = 500;
export const LEGAL_MESSAGE_MAX = 500;
/** Evidence images per appeal. */
export const EVIDENCE_MAX = 6;

/** What moves an order from one state to another. */
export type OrderAction =
  'pay' | 'cancel' | 'expire' | 'release' | 'appeal' | 'decideRelease' | 'decideReturn' | 'decideFraud';

/** One allowed transition: who may do `action` in state `from`, and the state it leads to. */
export interface Transition {
  from: LegalOrderStatus;
  action: OrderAction;
  to: LegalOrderStatus;
  by: readonly OrderActorRole[];
}

/**
 * The order state machine (spec §4). Anything not listed is refused. `withdrawn`: an operator
 * returned the coin to the seller; `abnormal`: and found the buyer marked paid without paying.
 */
export const TRANSITIONS: readonly Transition[] = [
  { from: 'pending', action: 'pay', to: 'paid', by: ['buyer'] },
  { from: 'pending', action: 'cancel', to: 'cancelled', by: ['buyer'] },
  { from: 'pending', action: 'expire', to: 'cancelled', by: ['system'] },
  { from: 'paid', action: 'release', to: 'completed', by: ['seller'] },
  { from: 'paid', action: 'appeal', to: 'appeal', by: ['buyer', 'seller'] },
  { from: 'appeal', action: 'release', to: 'completed', by: ['seller'] },
  { from: 'appeal', action: 'decideRelease', to: 'completed', by: ['operator'] },
  { from: 'appeal', action: 'decideReturn', to: 'withdrawn', by: ['operator'] },
  { from: 'appeal', action: 'decideFraud', to: 'abnormal', by: ['operator'] },
];

/** The state `action` by `role` leads to from `from`, or null when the machine refuses it. */
export function nextStatus(
  from: LegalOrderStatus,
  action: OrderAction,
  role: OrderActorRole,
): LegalOrderStatus | null {
  const t = TRANSITIONS.find((x) => x.from === from && x.action === action);
  return t && t.by.includes(role) ? t.to : null;
}

/** Whether no action can change the state any more. */
export function isFinalStatus(s: LegalOrderStatus): boolean {
  return !TRANSITIONS.some((t) => t.from === s);
}

/** Parses a non-negative decimal with at most `decimals` places into integer minor units; null when malformed. */
export function parseScaled(text: string, decimals: number): bigint | null {
  const m = /^(\d{1,15})(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return null;
  const frac = m[2] ?? '';
  if (frac.length > decimals) return null;
  return BigInt(m[1]!) * 10n ** BigInt(decimals) + BigInt(frac.padEnd(decimals, '0') || '0');
}

/** Formats integer minor units with `decimals` places. */
export function formatScaled(units: bigint, decimals: number): string {
  const neg = units < 0n;
  const abs = neg ? -units : units;
  const scale = 10n ** BigInt(decimals);
  const whole = abs / scale;
  const body = decimals > 0 ? `${whole}.${(abs % scale).toString().padStart(decimals, '0')}` : `${whole}`;
  return neg ? `-${body}` : body;
}

/** Fiat cents of `qtyUnits` coin (1e-8) at `priceCents` per coin, floored. */
export function amountOf(qtyUnits: bigint, priceCents: bigint): bigint {
  return (qtyUnits * priceCents) / UNIT;
}

/** An exact take: coin units (1e-8) and fiat cents. */
export interface TakeQuote {
  qtyUnits: bigint;
  amountCents: bigint;
}

/**
 * The exact conversion of a take (spec §5: floored, never rounded up). By amount: the quantity is
 * amount ÷ price floored to the coin's P2P decimals, and the amount is what that quantity costs,
 * floored to cents (never above what was typed). By quantity: the quantity floored to the coin's
 * decimals and its cost floored to cents. Null when the value is malformed.
 */
export function quoteTake(
  by: 'amount' | 'qty',
  value: string,
  priceCents: bigint,
  coinDecimals: number,
): TakeQuote | null {
  if (priceCents <= 0n) return null;
  const step = 10n ** BigInt(8 - coinDecimals);
  let qtyUnits: bigint;
  if (by === 'amount') {
    const cents = parseScaled(value, FIAT_DECIMALS);
    if (cents === null) return null;
    qtyUnits = ((cents * UNIT) / priceCents / step) * step;
  } else {
    const units = parseScaled(value, 8);
    if (units === null) return null;
    qtyUnits = (units / step) * step;
  }
  return { qtyUnits, amountCents: amountOf(qtyUnits, priceCents) };
}

/** The quote as decimal strings (for the worker's preview). */
export function quoteText(q: TakeQuote, coinDecimals: number): { qty: string; amount: string } {
  return {
    qty: formatScaled(q.qtyUnits / 10n ** BigInt(8 - coinDecimals), coinDecimals),
    amount: formatScaled(q.amountCents, FIAT_DECIMALS),
  };
}

/** A field and its problem. */
export interface LegalProblem {
  field: string;
  key: ErrorKey;
}

/** A checked payment method. */
export type CheckedMethod = Required<Omit<PaymentMethodReq, 'id'>>;

const clean = (v: unknown) => (typeof v === 'string' ? v.trim().replace(/\s+/g, ' ') : '');

/**
 * Checks a payment method: bank needs real name, bank and a 12–19 digit card number; Alipay real
 * name and account; WeChat real name, nickname and account; the coin code images an image.
 */
export function checkPaymentMethod(req: Partial<PaymentMethodReq>): CheckedMethod | LegalProblem {
  const kind = clean(req.kind) as PaymentKind;
  if (!(PAYMENT_KINDS as readonly string[]).includes(kind)) return { field: 'kind', key: 'badRequest' };
  const out: CheckedMethod = {
    kind,
    realName: clean(req.realName),
    bank: clean(req.bank),
    cardNumber: clean(req.cardNumber).replace(/[\s-]/g, ''),
    account: clean(req.account),
    nickname: clean(req.nickname),
    qrId: clean(req.qrId),
  };
  const need: Array<keyof CheckedMethod> =
    kind === 'bank'
      ? ['realName', 'bank', 'cardNumber']
      : kind === 'alipay'
        ? ['realName', 'account']
        : kind === 'wechat'
          ? ['realName', 'nickname', 'account']
          : ['qrId'];
  for (const f of need) if (!out[f]) return { field: f, key: 'required' };
  for (const f of ['realName', 'bank', 'account', 'nickname'] as const) {
    if ([...out[f]].length > LEGAL_TEXT_MAX) return { field: f, key: 'textTooLong' };
  }
  if (kind === 'bank' && !/^\d{12,19}$/.test(out.cardNumber))
    return { field: 'cardNumber', key: 'cardNumberFormat' };
  if (kind !== 'bank') out.cardNumber = '';
  if (kind !== 'bank') out.bank = '';
  if (kind !== 'wechat') out.nickname = '';
  if (kind === 'bank') out.account = '';
  if (out.qrId && !/^[0-9a-f]{32}$/.test(out.qrId)) return { field: 'qrId', key: 'uploadRequired' };
  return out;
}

/** Parses the comma-separated fiat payment kinds of an ad; null when empty or unknown. */
export function parseAdMethods(text: string): PaymentKind[] | null {
  const kinds = [
    ...new Set(
      text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (kinds.length === 0) return null;
  if (!kinds.every((k) => (FIAT_PAYMENT_KINDS as readonly string[]).includes(k))) return null;
  return kinds as PaymentKind[];
}

/** The UTC day of `ms`, as `YYYY-MM-DD` (the cancel rule counts per UTC day). */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The first instant of the UTC day after `ms`: when the day's cancel count starts again. */
export function nextUtcDay(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
}
