import {
  floorDecimal,
  UPLOAD_MAX_BYTES,
  UPLOAD_TYPES,
  withdrawReceive,
  type Outcome,
  type UploadType,
} from '../domain';

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

/** Runs an AmountQuery with exact decimal arithmetic. */
export function amounts(q: AmountQuery): AmountAnswer {
  const out: AmountAnswer = {};
  if (q.floor) out.floor = safeFloor(q.floor.value, q.floor.decimals);
  if (q.receive) out.receive = withdrawReceive(q.receive.amount, q.receive.fee, q.receive.decimals);
  if (q.share) {
    const { of, percent, decimals } = q.share;
    const base = safeFloor(of, 8);
    // percent is one of the shortcut buttons; integer percent keeps the product exact.
    out.share =
      base === null || !Number.isInteger(percent) || percent < 0 || percent > 100
        ? null
        : safeFloor(scaleDecimal(base, percent), decimals);
  }
  if (q.convert) {
    const { amount, rate, decimals } = q.convert;
    const product = multiplyDecimals(amount.trim(), rate.trim());
    out.convert = product === null ? null : safeFloor(product, decimals);
  }
  return out;
}

/** The exact product of two non-negative decimal strings (BigInt digits, no precision limit), or null. */
function multiplyDecimals(a: string, b: string): string | null {
  const plain = /^\d+(\.\d+)?$/;
  if (!plain.test(a) || !plain.test(b)) return null;
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  const scale = af.length + bf.length;
  const text = (BigInt(ai + af) * BigInt(bi + bf)).toString().padStart(scale + 1, '0');
  return scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
}

/** `value` × `percent` / 100 as an exact decimal string. */
function scaleDecimal(value: string, percent: number): string {
  const [int = '0', frac = ''] = value.split('.');
  const digits = BigInt(int + frac) * BigInt(percent);
  const scale = frac.length + 2;
  const text = digits.toString().padStart(scale + 1, '0');
  return `${text.slice(0, -scale)}.${text.slice(-scale)}`;
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
