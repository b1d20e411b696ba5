import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_LENGTH } from '../../domain';

/** Bytes of randomness in session tokens and tickets (256 bits). */
export const TOKEN_BYTES = 32;

/** A new opaque token: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/**
 * SHA-256 of a token, hex. Tokens carry 256 bits of randomness, so a fast unsalted hash is enough:
 * a stolen table cannot be reversed, and lookups stay an index hit.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A verification code of CODE_LENGTH decimal digits from the CSPRNG, zero-padded. */
export function newCode(): string {
  return randomInt(0, 10 ** CODE_LENGTH)
    .toString()
    .padStart(CODE_LENGTH, '0');
}

/**
 * Hash of a code bound to its account and scene, so a code sent for one purpose or account can never
 * verify another. Codes have little entropy; their protection is the expiry and the attempt limit.
 */
export function hashCode(account: string, scene: string, code: string): string {
  return createHash('sha256').update(`${account}\n${scene}\n${code}`, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

/** A promotion code: 8 characters without look-alikes (0/O, 1/I/L), to be read aloud or typed. */
export function newPromoCode(): string {
  const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  let out = '';
  for (let i = 0; i < 8; i++) out += alphabet[randomInt(0, alphabet.length)];
  return out;
}
