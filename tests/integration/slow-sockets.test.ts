import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Authenticator } from '../../server/http/auth';
import { ChannelHub } from '../../server/http/channels';
import { OUTPUT_LIMITS } from '../../server/http/socket-output';
import { WEBSOCKET_OPTIONS, registerSocket } from '../../server/http/ws';

/**
 * The socket stack of the server (ws.ts, socket-output.ts) with a book channel of its own: a client
 * that stops reading must get the newest book when it reads again, not every diff, and one that
 * never catches up must be dropped with 1013, never buffered without bound.
 */

const HOPELESS_MS = 1_500;
/** Diffs carry this much incompressible padding, so a paused client's buffers fill fast. */
const PAD_BYTES = 2_048;

const noSessions: Authenticator = {
  resolve: async () => null,
  onRevoke: () => () => {},
  revocations: () => 0,
};

const hub = new ChannelHub();
let seq = 0;
/** The `slow` channel's snapshots: how many were made, and the version they show. */
let slowSnapshots = 0;
let slowVersion = 0;
const apps: FastifyInstance[] = [];
/** The socket with the server's limits, and one that gives up on a stuck socket after HOPELESS_MS. */
let url: string;
let impatientUrl: string;

async function serve(hopelessMs: number): Promise<string> {
  const app = Fastify();
  apps.push(app);
  await app.register(websocket, WEBSOCKET_OPTIONS);
  registerSocket(app, hub, noSessions, { ...OUTPUT_LIMITS, hopelessMs });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
}

beforeAll(async () => {
  hub.onSubscribe('book', () => ({ type: 'snapshot', seq }), { coalesce: true });
  hub.onSubscribe('big');
  hub.onSubscribe('slow', async () => {
    slowSnapshots++;
    const version = slowVersion;
    await new Promise((r) => setTimeout(r, 300));
    return { version };
  });
  url = await serve(OUTPUT_LIMITS.hopelessMs);
  impatientUrl = await serve(HOPELESS_MS);
});
afterAll(async () => {
  for (const app of apps) await app.close();
});

interface BookMsg {
  ch: string;
  data: { type: 'snapshot' | 'diff'; seq: number; prevSeq?: number };
}

/** A client subscribed to `ch` that keeps every message it reads. */
async function subscriber(ch: string, perMessageDeflate = false, at = url, wait = true) {
  const ws = new WebSocket(at, { perMessageDeflate });
  const got: unknown[] = [];
  let close: { code: number } | null = null;
  ws.on('message', (data) => got.push(JSON.parse(data.toString())));
  ws.on('close', (code) => (close = { code }));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ op: 'sub', ch }));
  if (wait) await until(() => got.length > 0 && (ch !== 'book' || got.length > 1));
  return { ws, got, closed: () => close };
}

async function until(ok: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Publishes `n` book diffs, 20 KiB a turn of the event loop, so a client that reads keeps up. */
async function publishDiffs(n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    seq++;
    const pad = randomBytes(PAD_BYTES / 2).toString('hex');
    hub.publish('book', { type: 'diff', seq, prevSeq: seq - 1, pad });
    if (i % 10 === 9) await new Promise((r) => setImmediate(r));
  }
}

/** Follows the book as the worker does; returns the gaps a client could not have noticed. */
function follow(msgs: unknown[]): { seq: number; snapshots: number; diffs: number; gaps: number } {
  let at = -1;
  let snapshots = 0;
  let diffs = 0;
  let gaps = 0;
  for (const m of msgs as BookMsg[]) {
    if (m.ch !== 'book' || !('data' in m)) continue;
    if (m.data.type === 'snapshot') {
      snapshots++;
      if (m.data.seq < at) gaps++;
      at = m.data.seq;
    } else {
      diffs++;
      if (m.data.seq <= at) continue;
      if (m.data.prevSeq !== at) gaps++;
      at = m.data.seq;
    }
  }
  return { seq: at, snapshots, diffs, gaps };
}

describe('a slow socket', () => {
  it('that stops reading gets the newest book when it reads again: no 1013, no gap', async () => {
    const slow = await subscriber('book');
    const fast = await subscriber('book');
    slow.ws.pause();
    // 8,000 diffs of 2 KiB: 16 MB, past the kernel's buffers and the 4 MiB a socket may hold (with
    // every diff queued, as before coalescing, this socket is closed with 1013).
    await publishDiffs(8_000);
    await until(() => follow(fast.got).seq === seq);
    slow.ws.resume();
    await until(() => follow(slow.got).seq === seq);
    const book = follow(slow.got);
    expect(slow.closed()).toBeNull();
    expect(book.gaps).toBe(0);
    expect(book.snapshots).toBeGreaterThanOrEqual(2);
    expect(book.diffs).toBeLessThan(8_000 / 2);
    // The socket that kept reading got every diff.
    expect(follow(fast.got)).toMatchObject({ gaps: 0, snapshots: 1, diffs: 8_000 });
    slow.ws.close();
    fast.ws.close();
  });

  it('that never catches up is closed with 1013 after holding its channel for too long', async () => {
    const stuck = await subscriber('book', false, impatientUrl);
    stuck.ws.pause();
    await publishDiffs(8_000);
    await new Promise((r) => setTimeout(r, HOPELESS_MS + 500));
    stuck.ws.resume();
    await until(() => stuck.closed() !== null);
    expect(stuck.closed()).toEqual({ code: 1013 });
    // It read what the network and its buffer held, then the close; it resyncs on reconnect.
    const book = follow(stuck.got);
    expect(book.gaps).toBe(0);
    expect(book.seq).toBeLessThan(seq);
    expect(book.diffs).toBeLessThan(8_000);
  });

  it('sends a large publication compressed once to deflating clients and plain to the others', async () => {
    const deflating = await subscriber('big', true);
    const plain = await subscriber('big', false);
    const rows = Array.from({ length: 200 }, (_, i) => ({ symbol: `C${i}-USDT`, last: `${i}.125` }));
    hub.publish('big', rows);
    const want = { ch: 'big', data: rows };
    await until(() => deflating.got.length > 1 && plain.got.length > 1);
    expect(deflating.got.at(-1)).toEqual(want);
    expect(plain.got.at(-1)).toEqual(want);
    expect(deflating.ws.extensions).toContain('permessage-deflate');
    deflating.ws.close();
    plain.ws.close();
  });
});

describe('sockets subscribing together', () => {
  it('share one snapshot of a public channel, and one subscribing after a publication gets its own', async () => {
    const together = await Promise.all(
      Array.from({ length: 30 }, () => subscriber('slow', false, url, false)),
    );
    await new Promise((r) => setTimeout(r, 50));
    slowVersion = 1;
    hub.publish('slow', { version: 1 });
    const later = await subscriber('slow', false, url, false);
    const all = [...together, later];
    await until(() => all.every((s) => s.got.some((m) => (m as { data?: unknown }).data !== undefined)));
    expect(slowSnapshots).toBe(2);
    const data = (got: unknown[]) => got.filter((m) => 'data' in (m as object));
    // Those subscribed before the publication: it, and the snapshot they shared (asked before it).
    await until(() => together.every((s) => data(s.got).length === 2));
    for (const s of together) expect(data(s.got)).toContainEqual({ ch: 'slow', data: { version: 0 } });
    // The one subscribed after it: a snapshot of its own that shows it.
    expect(data(later.got)).toEqual([{ ch: 'slow', data: { version: 1 } }]);
    for (const s of all) s.ws.close();
  });
});
