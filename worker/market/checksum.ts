import { CHECKSUM_LEVELS, type DepthLevel } from '../../domain';

// The same CRC-32 (IEEE) table as domain's crc32. Kept here so the hot path can feed the CRC string by
// string instead of building the joined text first.
const TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

const COLON = 58;

function feed(crc: number, text: string): number {
  for (let i = 0; i < text.length; i++) crc = TABLE[(crc ^ text.charCodeAt(i)) & 0xff]! ^ (crc >>> 8);
  return crc;
}

/**
 * Exactly domain's `depthChecksum(bids, asks)`: the CRC-32 of the top CHECKSUM_LEVELS of each side
 * interleaved as `bidPrice:bidQty:askPrice:askQty:…`. Computed in one pass over the strings, without
 * the array of parts and the joined string (about 1.7 kB per message) that the reference builds:
 * the checksum runs on every depth message, and that garbage was most of its cost. The unit tests
 * check it against `depthChecksum` on random books.
 */
export function fastDepthChecksum(bids: readonly DepthLevel[], asks: readonly DepthLevel[]): number {
  let crc = -1;
  let first = true;
  for (let i = 0; i < CHECKSUM_LEVELS; i++) {
    const b = bids[i];
    const a = asks[i];
    if (!b && !a) break;
    if (b) {
      if (!first) crc = TABLE[(crc ^ COLON) & 0xff]! ^ (crc >>> 8);
      first = false;
      crc = feed(crc, b[0]);
      crc = TABLE[(crc ^ COLON) & 0xff]! ^ (crc >>> 8);
      crc = feed(crc, b[1]);
    }
    if (a) {
      if (!first) crc = TABLE[(crc ^ COLON) & 0xff]! ^ (crc >>> 8);
      first = false;
      crc = feed(crc, a[0]);
      crc = TABLE[(crc ^ COLON) & 0xff]! ^ (crc >>> 8);
      crc = feed(crc, a[1]);
    }
  }
  return crc ^ -1;
}
