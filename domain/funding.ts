import Decimal from 'decimal.js';
import { addressFormatOk, type ChainInfo, type CoinChain } from './chains';
import type { ErrorKey } from './errors';
import type { CoinInfo } from './market';
import { hasAtMostDecimals } from './money';

/** Crypto deposit states: seen on the chain, credited (≥ 1 confirmation), final (≥ 6, withdrawable). */
export type CryptoDepositStatus = 'pending' | 'credited' | 'final';

/** The caller's personal deposit address for one coin on one chain. */
export interface DepositAddress {
  coin: string;
  chain: string;
  address: string;
  /** Confirmations before the deposit is credited, and before it may be withdrawn (spec §9). */
  creditConfirmations: number;
  withdrawableConfirmations: number;
  /** True when the chain is the embedded simulator (demo mode), so the UI can say so. */
  simulated: boolean;
}

/** A deposit seen on a chain. Amounts are decimal strings with the coin's decimals. */
export interface CryptoDeposit {
  id: number;
  coin: string;
  chain: string;
  address: string;
  txid: string;
  amount: string;
  confirmations: number;
  status: CryptoDepositStatus;
  /** Milliseconds since the epoch: seen, credited (null until then). */
  createdAt: number;
  creditedAt: number | null;
}

/** Withdrawal states: waiting for operator review, paid out, refused (unfrozen), cancelled by the user. */
export type WithdrawalStatus = 'review' | 'approved' | 'rejected' | 'cancelled';

/** A withdrawal request as the form sends it. */
export interface WithdrawReq {
  coin: string;
  chain: string;
  /** Must be the caller's bound address for this coin and chain (spec §5). */
  address: string;
  /** Decimal string in whole coins, fee included. */
  amount: string;
  tradePassword: string;
}

/** A withdrawal as the history shows it. Amounts are decimal strings with the coin's decimals. */
export interface Withdrawal {
  id: number;
  coin: string;
  chain: string;
  address: string;
  /** Taken from the account, fee included. */
  amount: string;
  fee: string;
  /** Sent to the address: amount − fee. */
  receive: string;
  status: WithdrawalStatus;
  /** Chain transaction id the operator recorded on approval. */
  txid: string | null;
  /** Why the operator refused it. */
  reason: string | null;
  /** Milliseconds since the epoch. */
  createdAt: number;
  decidedAt: number | null;
}

/** What the caller may withdraw of one coin now (decimal strings in whole coins). */
export interface WithdrawQuota {
  coin: string;
  chain: string;
  /** Spot available minus deposits still short of 6 confirmations, never below zero. */
  withdrawable: string;
  /** Credited deposits still waiting for their 6th confirmation. */
  awaitingConfirmations: string;
  fee: string;
  min: string;
  dailyLimit: string;
  /** Requested today (UTC day), rejected and cancelled ones excluded. */
  usedToday: string;
  remainingToday: string;
  verified: boolean;
  /** The bound address for this coin and chain, or null (spec §5: bind before withdrawing). */
  boundAddress: string | null;
}

/** A bound withdrawal address. */
export interface BoundAddress {
  id: number;
  coin: string;
  chain: string;
  address: string;
  label: string;
  createdAt: number;
}

/** Binding a withdrawal address: it replaces any address bound for the same coin and chain. */
export interface BindAddressReq {
  coin: string;
  chain: string;
  address: string;
  label?: string;
  /** Verification code sent for the `bind` scene. */
  code: string;
}

/** The caller's bank card (spec §3). */
export interface BankCard {
  bank: string;
  branch: string;
  /** Digits only. */
  cardNumber: string;
  holder: string;
  /** Milliseconds since the epoch. */
  updatedAt: number;
}

/** Binding or replacing the bank card; the trade password confirms it. */
export interface BindCardReq {
  bank: string;
  branch: string;
  cardNumber: string;
  holder: string;
  tradePassword: string;
}

/** Bank-card deposit states: waiting for the operator, credited, refused. */
export type BankDepositStatus = 'review' | 'confirmed' | 'rejected';

/** A bank-card deposit as the form sends it. */
export interface BankDepositReq {
  /** Decimal string in the terms' currency, at most 2 decimals. */
  amount: string;
  /** Must match the bound card's holder (spec §5). */
  payerName: string;
  /** The transfer reference printed on the payer's bank slip. */
  reference: string;
  /** Id returned by `assets/upload` for the proof image. */
  proofId: string;
}

/** A bank-card deposit (order detail, spec `chargedone`). */
export interface BankDeposit {
  id: number;
  /** Paid, in `currency`. */
  amount: string;
  currency: string;
  coin: string;
  /** Coins credited on confirmation: amount × rate, floored to the coin's decimals. */
  credit: string;
  payerName: string;
  reference: string;
  proofId: string;
  /** The bound card used, number masked to its last 4 digits. */
  cardBank: string;
  cardMasked: string;
  status: BankDepositStatus;
  reason: string | null;
  createdAt: number;
  decidedAt: number | null;
}

/** Image types accepted as proof, checked by their leading bytes, not by the declared type. */
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];
/** Largest proof image after the app compressed it, in bytes. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** An image sent as base64 (JSON), so uploads use the same envelopes as every other call. */
export interface UploadReq {
  mime: string;
  /** Base64 of the bytes, no `data:` prefix. */
  data: string;
}
/** An uploaded image, readable only by its owner and the operator. */
export interface UploadedImage {
  id: string;
  mime: UploadType;
  data: string;
}

/** Longest free-text fields, in characters. */
export const LABEL_MAX = 30;
export const NAME_MAX = 60;
export const REFERENCE_MAX = 64;

/** A form field and the message key of its first problem. */
export interface FieldProblem<F extends string> {
  field: F;
  key: ErrorKey;
}
type Checked<T, F extends string> = { ok: T } | { problem: FieldProblem<F> };

const text = (v: unknown): string =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
const AMOUNT = /^\d+(\.\d+)?$/;

/** A known coin on a known chain, or the problem (`unknownCoin` / `unknownChain`). */
export function findCoinChain(
  coin: string,
  chain: string,
  coinChains: readonly CoinChain[],
  chains: readonly ChainInfo[],
  coins: readonly CoinInfo[],
): Checked<{ coin: CoinInfo; chain: ChainInfo; terms: CoinChain }, 'coin' | 'chain'> {
  const c = coins.find((x) => x.symbol === coin);
  if (!c) return { problem: { field: 'coin', key: 'unknownCoin' } };
  const terms = coinChains.find((x) => x.coin === coin && x.chain === chain);
  const ch = chains.find((x) => x.id === chain);
  if (!terms || !ch) return { problem: { field: 'chain', key: 'unknownChain' } };
  return { ok: { coin: c, chain: ch, terms } };
}

/**
 * Checks the shape of a withdrawal request (the form runs the same rules): coin and chain known and
 * open for withdrawal, address in the chain's format, amount a positive decimal with at most the
 * coin's decimals, at least the minimum. Bound address, balance and daily limit are the server's.
 */
export function parseWithdraw(
  req: Partial<WithdrawReq>,
  catalog: { coins: readonly CoinInfo[]; chains: readonly ChainInfo[]; coinChains: readonly CoinChain[] },
): Checked<
  { coin: CoinInfo; chain: ChainInfo; terms: CoinChain; address: string; amount: string },
  keyof WithdrawReq
> {
  const found = findCoinChain(
    text(req.coin),
    text(req.chain),
    catalog.coinChains,
    catalog.chains,
    catalog.coins,
  );
  if ('problem' in found) return found;
  const { coin, chain, terms } = found.ok;
  if (!terms.withdrawEnabled) return { problem: { field: 'chain', key: 'withdrawDisabled' } };
  const address = text(req.address);
  if (!address) return { problem: { field: 'address', key: 'withdrawAddressRequired' } };
  if (!addressFormatOk(chain.format, address)) return { problem: { field: 'address', key: 'addressFormat' } };
  const amount = text(req.amount);
  if (!amount) return { problem: { field: 'amount', key: 'required' } };
  if (!AMOUNT.test(amount) || !hasAtMostDecimals(amount, coin.decimals)) {
    return { problem: { field: 'amount', key: 'amountFormat' } };
  }
  if (!new Decimal(amount).gt(0)) return { problem: { field: 'amount', key: 'amountPositive' } };
  if (new Decimal(amount).lt(terms.withdrawMin))
    return { problem: { field: 'amount', key: 'withdrawBelowMin' } };
  return { ok: { coin, chain, terms, address, amount } };
}

/** Wide precision with floor rounding: a product of two typed decimals stays exact. */
const Exact = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_FLOOR });

/**
 * Coins a bank deposit credits: `amount` (currency) × `rate`, floored to the coin's `decimals`.
 * The server credits exactly this and the form previews it with the same function. Null when either
 * input is not a non-negative plain decimal.
 */
export function bankCredit(amount: string, rate: string, decimals: number): string | null {
  const a = amount.trim();
  const r = rate.trim();
  if (!AMOUNT.test(a) || !AMOUNT.test(r)) return null;
  return new Exact(a).times(r).toDecimalPlaces(decimals, Exact.ROUND_FLOOR).toFixed(decimals);
}

/** `percent` % of `value` (the 25/50/75/100 % shortcuts), floored to `decimals`; null on bad input. */
export function shareOf(value: string, percent: number, decimals: number): string | null {
  const v = value.trim();
  if (!AMOUNT.test(v) || !Number.isInteger(percent) || percent < 0 || percent > 100) return null;
  return new Exact(v).times(percent).div(100).toDecimalPlaces(decimals, Exact.ROUND_FLOOR).toFixed(decimals);
}

/** What reaches the address: amount − fee, floored to the coin's decimals; `0` when it would not be positive. */
export function withdrawReceive(amount: string, fee: string, decimals: number): string {
  if (!AMOUNT.test(amount.trim())) return (0).toFixed(decimals);
  const r = new Decimal(amount.trim()).minus(fee);
  return r.gt(0) ? r.toDecimalPlaces(decimals, Decimal.ROUND_FLOOR).toFixed(decimals) : (0).toFixed(decimals);
}

/** Checks a bank-card binding request (not the trade password, which the server checks). */
export function parseBankCard(
  req: Partial<Omit<BindCardReq, 'tradePassword'>>,
): Checked<Omit<BankCard, 'updatedAt'>, keyof BindCardReq> {
  const bank = text(req.bank);
  const branch = text(req.branch);
  const cardNumber = text(req.cardNumber).replace(/[\s-]/g, '');
  const holder = text(req.holder).replace(/\s+/g, ' ');
  if (!bank) return { problem: { field: 'bank', key: 'required' } };
  if ([...bank].length > NAME_MAX) return { problem: { field: 'bank', key: 'textTooLong' } };
  if (!branch) return { problem: { field: 'branch', key: 'required' } };
  if ([...branch].length > NAME_MAX) return { problem: { field: 'branch', key: 'textTooLong' } };
  if (!cardNumber) return { problem: { field: 'cardNumber', key: 'required' } };
  if (!/^\d{12,19}$/.test(cardNumber)) return { problem: { field: 'cardNumber', key: 'cardNumberFormat' } };
  if (!holder) return { problem: { field: 'holder', key: 'required' } };
  if ([...holder].length > NAME_MAX) return { problem: { field: 'holder', key: 'textTooLong' } };
  return { ok: { bank, branch, cardNumber, holder } };
}

/** Two holder names are the same person's when they match ignoring case and repeated spaces. */
export function sameHolder(a: string, b: string): boolean {
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
  return norm(a) === norm(b);
}

/** The last 4 digits of a card number behind a mask, such as `**** 1234`. */
export function maskCard(cardNumber: string): string {
  return `**** ${cardNumber.slice(-4)}`;
}
