import Decimal from 'decimal.js';
import {
  bankCredit,
  fromUnits,
  hasAtMostDecimals,
  maskCard,
  toUnits,
  UPLOAD_MAX_BYTES,
  UPLOAD_TYPES,
  type BankDeposit,
  type BankDepositTerms,
  type ErrorKey,
  type UploadType,
} from '../../../domain';
import type { BankDepositRow } from './bank-store';

/** A field and the message key of its problem. */
export interface Problem {
  field: string;
  key: ErrorKey;
}

/** Decimals of the bank deposit currencies (cents); amounts with more are refused, not rounded. */
export const CURRENCY_DECIMALS = 2;

// Products of amounts and rates stay exact: the default 20 significant digits could round a digit up.
const Exact = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_FLOOR });
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Leading bytes of each accepted type. WebP is `RIFF`, 4 bytes of length, then `WEBP`. */
function bytesMatch(mime: UploadType, b: Buffer): boolean {
  const starts = (sig: readonly number[], at = 0) =>
    b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
  switch (mime) {
    case 'image/jpeg':
      return starts([0xff, 0xd8, 0xff]);
    case 'image/png':
      return starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'image/webp':
      return starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8);
  }
}

/**
 * Checks an uploaded image: a supported declared type, canonical base64, 1..UPLOAD_MAX_BYTES bytes,
 * and leading bytes of the declared type. The declared type alone is never trusted: a browser takes
 * it from the file name.
 */
export function checkUpload(mimeText: string, data: string): { mime: UploadType; bytes: Buffer } | Problem {
  const mime = mimeText.trim().toLowerCase();
  if (!(UPLOAD_TYPES as readonly string[]).includes(mime)) return { field: 'mime', key: 'uploadType' };
  if (data === '') return { field: 'data', key: 'uploadRequired' };
  if (!BASE64.test(data) || data.replace(/=+$/, '').length % 4 === 1) {
    return { field: 'data', key: 'uploadType' };
  }
  // Size from the text length first, so an oversized body is refused before it is decoded.
  if (Math.floor((data.replace(/=+$/, '').length * 3) / 4) > UPLOAD_MAX_BYTES) {
    return { field: 'data', key: 'uploadTooLarge' };
  }
  const bytes = Buffer.from(data, 'base64');
  // Node skips bad characters and stray bits silently; a round trip proves the text was exact.
  if (bytes.toString('base64').replace(/=+$/, '') !== data.replace(/=+$/, '')) {
    return { field: 'data', key: 'uploadType' };
  }
  if (bytes.length === 0) return { field: 'data', key: 'uploadRequired' };
  if (!bytesMatch(mime as UploadType, bytes)) return { field: 'data', key: 'uploadType' };
  return { mime: mime as UploadType, bytes };
}

/** A checked bank-deposit amount: cents of the currency and the coins it will credit. */
export interface DepositAmount {
  /** Paid, in cents of the terms' currency. */
  cents: bigint;
  /** Credited on confirmation, in ledger minor units (1e-8), already floored to the coin's decimals. */
  credit: bigint;
}

/**
 * Checks a bank-deposit amount against the terms: a plain decimal with at most 2 places, positive,
 * within min and max. The credit is amount × rate floored to the coin's decimals; an amount whose
 * credit floors to nothing is below the minimum in effect.
 */
export function parseDepositAmount(
  text: string,
  terms: Pick<BankDepositTerms, 'rate' | 'minAmount' | 'maxAmount'>,
  coinDecimals: number,
): DepositAmount | Problem {
  const amount = text.trim();
  if (amount === '') return { field: 'amount', key: 'required' };
  if (!/^\d+(\.\d+)?$/.test(amount) || !hasAtMostDecimals(amount, CURRENCY_DECIMALS)) {
    return { field: 'amount', key: 'amountFormat' };
  }
  const value = new Exact(amount);
  if (!value.gt(0)) return { field: 'amount', key: 'amountPositive' };
  if (value.lt(terms.minAmount)) return { field: 'amount', key: 'amountBelowMin' };
  if (value.gt(terms.maxAmount)) return { field: 'amount', key: 'amountAboveMax' };
  const credit = toUnits(bankCredit(amount, terms.rate, coinDecimals) ?? '0');
  if (credit <= 0n) return { field: 'amount', key: 'amountBelowMin' };
  return { cents: BigInt(value.times(100).toFixed(0)), credit };
}

/** Cents as a decimal string with 2 places. */
export function centsText(cents: bigint): string {
  const whole = cents / 100n;
  return `${whole}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/** A deposit as its owner sees it: amounts as decimal strings, the card number masked. */
export function toBankDeposit(r: BankDepositRow, coinDecimals: number): BankDeposit {
  return {
    id: r.id,
    amount: centsText(r.amount),
    currency: r.currency,
    coin: r.coin,
    credit: fromUnits(r.credit, coinDecimals),
    payerName: r.payerName,
    reference: r.reference,
    proofId: r.proofId,
    cardBank: r.cardBank,
    cardMasked: maskCard(r.cardNumber),
    status: r.status,
    reason: r.reason,
    createdAt: r.createdAt,
    decidedAt: r.decidedAt,
  };
}
