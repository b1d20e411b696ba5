import type { ErrorKey } from './errors';
import { isAccountType, toUnits, type AccountType } from './ledger';
import type { CoinInfo } from './market';
import { hasAtMostDecimals } from './money';
import { transferRemarkProblem } from './rules';

/**
 * Transfers allowed between the five accounts, as [from, to]. A star around `spot`: deposits land
 * in spot and withdrawals leave from it, so every product account (lever, legal, second, finance) is
 * funded from spot and returns to it. Moving between two product accounts directly is not offered:
 * each product keeps its own risk (margin, open options, fiat escrow, locked savings) and the money's
 * path stays one hop from spot, easy to follow in the journal; two hops through spot do the same.
 */
export const TRANSFER_PAIRS: ReadonlyArray<readonly [AccountType, AccountType]> = [
  ['spot', 'lever'],
  ['lever', 'spot'],
  ['spot', 'legal'],
  ['legal', 'spot'],
  ['spot', 'second'],
  ['second', 'spot'],
  ['spot', 'finance'],
  ['finance', 'spot'],
];

/** Whether the matrix allows moving money from `from` to `to`. */
export function isTransferAllowed(from: AccountType, to: AccountType): boolean {
  return TRANSFER_PAIRS.some(([f, t]) => f === from && t === to);
}

/** The accounts money may be moved to from `from`, in matrix order. */
export function transferTargets(from: AccountType): AccountType[] {
  return TRANSFER_PAIRS.filter(([f]) => f === from).map(([, t]) => t);
}

/** Longest transfer remark, in characters (code points). */
export const TRANSFER_REMARK_MAX = 60;
/** Largest amount the ledger stores in one integer column, in minor units (1e-8). */
export const MAX_AMOUNT_UNITS = 2n ** 63n - 1n;

/** A transfer as the form sends it: account names, coin symbol and a decimal string amount. */
export interface TransferReq {
  from: string;
  to: string;
  coin: string;
  /** Decimal string in whole coins, with at most the coin's catalog decimals. */
  amount: string;
  remark?: string;
}

/** A checked transfer request. */
export interface ParsedTransfer {
  from: AccountType;
  to: AccountType;
  coin: CoinInfo;
  /** Amount in ledger minor units (1e-8); positive. */
  units: bigint;
  /** Trimmed remark, possibly empty. */
  remark: string;
}

/** The first problem of a transfer request: the form field and the message key. */
export interface TransferProblem {
  field: keyof TransferReq;
  key: ErrorKey;
}

/**
 * Checks a transfer request without touching any balance (the form runs the same rules). The amount
 * must already be floored to the coin's decimals: the form floors what the user types (spec §5),
 * the server refuses excess precision (`amountFormat`) rather than silently changing the amount.
 */
export function parseTransfer(
  req: Partial<TransferReq>,
  coins: readonly CoinInfo[],
): { ok: ParsedTransfer } | { problem: TransferProblem } {
  const bad = (field: keyof TransferReq, key: ErrorKey) => ({ problem: { field, key } });
  const from = text(req.from);
  const to = text(req.to);
  if (!from) return bad('from', 'required');
  if (!isAccountType(from)) return bad('from', 'unknownAccount');
  if (!to) return bad('to', 'required');
  if (!isAccountType(to)) return bad('to', 'unknownAccount');
  if (from === to) return bad('to', 'transferSameAccount');
  if (!isTransferAllowed(from, to)) return bad('to', 'transferPairNotAllowed');
  const symbol = text(req.coin);
  if (!symbol) return bad('coin', 'required');
  const coin = coins.find((c) => c.symbol === symbol);
  if (!coin) return bad('coin', 'unknownCoin');
  const amount = text(req.amount);
  if (!amount) return bad('amount', 'required');
  if (!/^\d+(\.\d+)?$/.test(amount) || !hasAtMostDecimals(amount, coin.decimals)) {
    return bad('amount', 'amountFormat');
  }
  const units = toUnits(amount);
  if (units <= 0n) return bad('amount', 'amountPositive');
  if (units > MAX_AMOUNT_UNITS) return bad('amount', 'amountFormat');
  const remark = text(req.remark);
  if ([...remark].length > TRANSFER_REMARK_MAX) return bad('remark', 'remarkTooLong');
  const names = coins.flatMap((c) => [c.symbol, c.name]);
  const remarkKey = remark ? transferRemarkProblem(remark, names) : null;
  if (remarkKey) return bad('remark', remarkKey);
  return { ok: { from, to, coin, units, remark } };
}

const text = (v: unknown): string =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';

/** A transfer between two of the caller's accounts, as the history shows it. */
export interface TransferRecord {
  id: number;
  coin: string;
  from: AccountType;
  to: AccountType;
  /** Decimal string with the coin's catalog decimals. */
  amount: string;
  remark: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
}

/** Default and largest page of the assets histories (transfers, journal). */
export const ASSETS_PAGE_SIZE = 50;
export const ASSETS_PAGE_MAX = 200;

// The kinds the server writes: one list, beside the types it is checked by.
export {
  JOURNAL_KINDS,
  isJournalKind,
  journalGroupOf,
  type JournalGroup,
  type JournalKind,
  type KindsOf,
  type LedgerKind,
  type ExtraLedgerKinds,
} from './journal-kinds';
/**
 * A well-formed ledger kind as a filter may ask for it: a letter, then letters, digits, dots, dashes,
 * underscores; at most 40 characters. Upper case too: `lever.batchClose` is a kind the server writes.
 */
export const JOURNAL_KIND_PATTERN = /^[a-zA-Z][a-zA-Z0-9._-]{0,39}$/;

/** One journal line of the caller (income and expense details). Amounts are decimal strings. */
export interface JournalLine {
  /** Journal entry id; pages go by `before` this id. */
  id: number;
  /** The ledger transaction the line belongs to. */
  txId: number;
  kind: string;
  /** Business row that caused it, such as `transfers` / `12` or `spot_trades` / `7`. */
  refType: string;
  refId: string;
  account: AccountType;
  coin: string;
  field: 'available' | 'frozen';
  /** Signed change, 8 decimals (ledger precision): positive is income, negative expense. */
  delta: string;
  /** The field's balance right after this line, 8 decimals. */
  balanceAfter: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
}
