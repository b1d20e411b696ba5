import { createHmac, randomBytes } from 'node:crypto';
import type { AddressFormat } from '../../domain';

/**
 * SIMULATOR. Renders made-up addresses and transaction ids in each chain's written form. They pass
 * the format checks of domain/chains.ts but carry no checksum and belong to no key pair: nothing sent
 * to them on a real network could ever be recovered.
 */

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const HEX = '0123456789abcdef';

/** Prefix and body (alphabet, length) of each format, as domain/chains.ts accepts them. */
const SHAPES: Record<AddressFormat, { prefix: string; alphabet: string; length: number }> = {
  tron: { prefix: 'T', alphabet: BASE58, length: 33 },
  evm: { prefix: '0x', alphabet: HEX, length: 40 },
  bitcoin: { prefix: 'bc1q', alphabet: BECH32, length: 38 },
  litecoin: { prefix: 'ltc1q', alphabet: BECH32, length: 38 },
  dogecoin: { prefix: 'D', alphabet: BASE58, length: 33 },
  solana: { prefix: '', alphabet: BASE58, length: 44 },
  xrp: { prefix: 'r', alphabet: BASE58, length: 33 },
};

/**
 * `length` characters of `alphabet` drawn from a byte stream. Bytes at or above the largest multiple
 * of the alphabet size are skipped, so every character is equally likely.
 */
function draw(next: () => Buffer, alphabet: string, length: number): string {
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const byte of next()) {
      if (byte >= limit) continue;
      out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}

/**
 * The address of `label` (such as `user:7:chain:TRC20`) under `secret`: HMAC-SHA256 blocks of
 * `secret` over `label` and a block counter, mapped onto the format's alphabet. The same secret and
 * label always give the same address; without the secret nobody can tell whose address it is.
 */
export function derivedAddress(secret: Buffer, label: string, format: AddressFormat): string {
  const shape = SHAPES[format];
  let counter = 0;
  const next = () => createHmac('sha256', secret).update(`${label}#${counter++}`).digest();
  return shape.prefix + draw(next, shape.alphabet, shape.length);
}

/** A fresh random transaction id written the way the format's chain writes them. */
export function randomTxid(format: AddressFormat): string {
  const next = () => randomBytes(64);
  switch (format) {
    case 'evm':
      return `0x${randomBytes(32).toString('hex')}`;
    case 'solana':
      return draw(next, BASE58, 88);
    case 'xrp':
      return randomBytes(32).toString('hex').toUpperCase();
    default:
      return randomBytes(32).toString('hex');
  }
}
