import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
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
 * The key of code hashes. Kept out of the database on purpose: a 6-digit code under a plain hash is
 * reversed in a million tries by anyone who can read the table while the code lives; under a keyed
 * HMAC the table alone reveals nothing. Drawn per process unless `setCodeHashKey` names one.
 */
let codeKey: Buffer = randomBytes(32);

/** Uses `key` (CODE_HASH_KEY) for code hashes, so instances sharing a database verify each other's codes. */
export function setCodeHashKey(key: string): void {
  codeKey = Buffer.from(key, 'utf8');
}

/**
 * Keyed hash (HMAC-SHA-256) of a code bound to its account and scene, so a code sent for one purpose
 * or account can never verify another. Codes have little entropy; their protection is the key, the
 * expiry and the attempt limit.
 */
export function hashCode(account: string, scene: string, code: string): string {
  return createHmac('sha256', codeKey).update(`${account}\n${scene}\n${code}`, 'utf8').digest('hex');
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
