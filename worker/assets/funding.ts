import {
  bankCredit,
  floorDecimal,
  shareOf,
  UPLOAD_MAX_BYTES,
  UPLOAD_TYPES,
  withdrawReceive,
  type Outcome,
  type UploadType,
} from '../../domain';

/** Amount math the assets forms ask the worker for, so the UI thread does no arithmetic on money. */
export interface AmountQuery {
  /** Floors `value` to `decimals` (spec §5); null when `value` is not a decimal number. */
  floor?: { value: string; decimals: number };
  /** What reaches the address: amount − fee, floored; `0` when not positive. */
  receive?: { amount: string; fee: string; decimals: number };
  /** `percent` % of `of`, floored to `decimals` (the 25/50/75/100 % shortcuts). */
  share?: { of: string; percent: number; decimals: number };
  /** `amount` × `rate`, floored to `decimals`: the coins a bank deposit credits (BankDepositTerms). */
  convert?: { amount: string; rate: string; decimals: number };
}

/** Answers of an AmountQuery, field by field. */
export interface AmountAnswer {
  floor?: string | null;
  receive?: string;
  share?: string | null;
  /** Null when `amount` or `rate` is not a non-negative decimal number. */
  convert?: string | null;
}

const safeFloor = (value: string, decimals: number): string | null => {
  try {
    return floorDecimal(value, decimals);
  } catch {
    return null;
  }
};

/** Runs an AmountQuery with exact decimal arithmetic (the same functions the server uses). */
export function amounts(q: AmountQuery): AmountAnswer {
  const out: AmountAnswer = {};
  if (q.floor) out.floor = safeFloor(q.floor.value, q.floor.decimals);
  if (q.receive) out.receive = withdrawReceive(q.receive.amount, q.receive.fee, q.receive.decimals);
  if (q.share) {
    // The balance is floored to ledger precision first, as the server stores it.
    const base = safeFloor(q.share.of, 8);
    out.share = base === null ? null : shareOf(base, q.share.percent, q.share.decimals);
  }
  if (q.convert) out.convert = bankCredit(q.convert.amount, q.convert.rate, q.convert.decimals);
  return out;
}

/** Bytes of a Blob as base64 (no `data:` prefix). */
async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

/**
 * Checks and encodes an image for `assets/upload`. The server checks again by the leading bytes; this
 * check only spares the user a slow upload that would be refused.
 */
export async function encodeUpload(
  blob: Blob,
): Promise<{ ok: true; mime: UploadType; data: string } | Extract<Outcome<never>, { ok: false }>> {
  const mime = (UPLOAD_TYPES as readonly string[]).includes(blob.type) ? (blob.type as UploadType) : null;
  if (!mime) return { ok: false, intent: 'message', messageKey: 'uploadType' };
  if (blob.size > UPLOAD_MAX_BYTES) return { ok: false, intent: 'message', messageKey: 'uploadTooLarge' };
  return { ok: true, mime, data: await base64Of(blob) };
}
