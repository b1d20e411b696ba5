import { constants, deflateRawSync } from 'node:zlib';

/**
 * permessage-deflate as the server negotiates it (`WEBSOCKET_OPTIONS` in ws.ts): messages of this
 * many bytes and more are compressed for a socket that accepted the extension; smaller ones would
 * cost more to compress than they save.
 */
export const DEFLATE_THRESHOLD_BYTES = 1024;
/**
 * The server's window (`server_max_window_bits`): ws accepts an offer only with exactly this window
 * for the server, so one compressed form fits every socket that negotiated the extension.
 */
export const DEFLATE_WINDOW_BITS = 12;
/** zlib's level and memory of the shared compression (the ones ws used per socket before). */
const DEFLATE_OPTIONS = { level: 6, memLevel: 7, windowBits: DEFLATE_WINDOW_BITS } as const;
/** A DEFLATE stream flushed with Z_SYNC_FLUSH ends with these bytes, which the extension leaves out. */
const SYNC_TAIL = Buffer.from([0x00, 0x00, 0xff, 0xff]);

/** Publications made so far in this process, per channel. */
const made = new Map<string, number>();

/**
 * The number of the last publication of `ch` made in this process: a snapshot of `ch` asked for now
 * covers it and every one before it.
 */
export function lastPublicationOf(ch: string): number {
  return made.get(ch) ?? 0;
}

/**
 * One message on its way to sockets. The hub hands the same `Outgoing` to every subscriber of a
 * publication, so its UTF-8 bytes and its WebSocket frames (plain, and compressed once for the
 * sockets that negotiated permessage-deflate) are built once however many sockets it reaches, and
 * the same buffer sits in every socket's queue instead of a copy each.
 */
export class Outgoing {
  /**
   * A publication's number within its channel, in the order they were made (a snapshot asked for
   * later covers it); 0 for a message to one socket.
   */
  readonly id: number;
  #plain: Buffer | undefined;
  #deflated: Buffer | undefined;

  /**
   * @param text the serialised message (a `ServerMessage`).
   * @param ch the channel of a publication, or null for a message to one socket.
   * @param replaceable whether a fresh snapshot of `ch` stands in for this message and every earlier
   *   one (a book diff): a socket that cannot keep up may skip it and get the snapshot when it drains.
   */
  constructor(
    readonly text: string,
    readonly ch: string | null = null,
    readonly replaceable = false,
  ) {
    this.id = ch === null ? 0 : lastPublicationOf(ch) + 1;
    if (ch !== null) made.set(ch, this.id);
  }

  /** The frame for a socket, compressed when `deflate` (it negotiated the extension) and worth it. */
  frame(deflate: boolean): Buffer {
    if (!this.#plain) {
      const payload = Buffer.from(this.text);
      this.#plain = textFrame(payload, false);
      if (payload.length < DEFLATE_THRESHOLD_BYTES) this.#deflated = this.#plain;
    }
    if (!deflate) return this.#plain;
    this.#deflated ??= deflatedFrame(this.#plain);
    return this.#deflated;
  }
}

/** A final, unmasked text frame (RFC 6455 §5.2) around `payload`; RSV1 marks it compressed. */
export function textFrame(payload: Buffer, compressed: boolean): Buffer {
  const len = payload.length;
  const head = len < 126 ? 2 : len < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + len);
  frame[0] = compressed ? 0xc1 : 0x81;
  if (len < 126) {
    frame[1] = len;
  } else if (len < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(len, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(len / 2 ** 32), 2);
    frame.writeUInt32BE(len >>> 0, 6);
  }
  payload.copy(frame, head);
  return frame;
}

/**
 * The compressed frame of a plain one: each message compressed alone (no context takeover, so every
 * socket decodes the same bytes), flushed and cut as permessage-deflate wants (RFC 7692 §7.2.1).
 */
function deflatedFrame(plain: Buffer): Buffer {
  const len = plain[1]! & 0x7f;
  const payload = plain.subarray(len < 126 ? 2 : len === 126 ? 4 : 10);
  let out = deflateRawSync(payload, { ...DEFLATE_OPTIONS, finishFlush: constants.Z_SYNC_FLUSH });
  if (out.length >= 4 && out.subarray(-4).equals(SYNC_TAIL)) out = out.subarray(0, -4);
  return textFrame(out, true);
}
