/**
 * The clients of the fan-out bench (bench/fanout.bench.ts), in a process of their own so they do not
 * share the edge's CPU. FANOUT_SOCKETS sockets subscribe to the bench market's depth channel at
 * FANOUT_URL. All but FANOUT_SAMPLE of them are bare TCP sockets that speak just enough WebSocket
 * to subscribe and count the frames they receive (reading frame headers only: a full client per
 * socket would cost this process more than the edge); the sampled ones are ws clients that follow
 * the book with the worker's own order book (sequence numbers and checksums; any gap shows up as a
 * resync) and measure each diff's delay since it was published. Both offer permessage-deflate as a
 * browser does when FANOUT_DEFLATE=1. Talks to its parent over IPC (`connect`, `mark`, `stop`).
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import WebSocket from 'ws';
import type { DepthMessage } from '../domain';
import { OrderBook, type ResyncReason } from '../worker/market/order-book';
import { BENCH_CHANNEL, BENCH_SYMBOL, type TimedDiff } from './fanout-book';

const url = new URL(process.env.FANOUT_URL!);
const sockets = Number(process.env.FANOUT_SOCKETS ?? 10_000);
const sampled = Math.min(sockets, Number(process.env.FANOUT_SAMPLE ?? 20));
const deflate = process.env.FANOUT_DEFLATE === '1';
/** Handshakes in flight at once. */
const CONNECTING = 200;
/** The sampled sockets are spread over the order the edge writes in (its subscription order). */
const every = Math.max(1, Math.floor(sockets / Math.max(1, sampled)));
const isSampled = (i: number) => i % every === 0 && i / every < sampled;

/** Frames each socket received (data frames), and at the last mark. */
const counts = new Uint32Array(sockets);
const atMark = new Uint32Array(sockets);
const closeCodes = new Map<number, number>();
const raw: net.Socket[] = [];
const full: WebSocket[] = [];
let latencies: number[] = [];
const resyncs = new Map<ResyncReason, number>();
let snapshots = 0;

const SUB = JSON.stringify({ op: 'sub', ch: BENCH_CHANNEL });

/** A client's frame: masked, as RFC 6455 requires of a client. */
function maskedText(text: string): Buffer {
  const payload = Buffer.from(text);
  const mask = randomBytes(4);
  const frame = Buffer.alloc(6 + payload.length);
  frame[0] = 0x81;
  frame[1] = 0x80 | payload.length;
  mask.copy(frame, 2);
  for (let i = 0; i < payload.length; i++) frame[6 + i] = payload[i]! ^ mask[i & 3]!;
  return frame;
}

function closedWith(code: number): void {
  closeCodes.set(code, (closeCodes.get(code) ?? 0) + 1);
}

/** A bare socket: handshake, one `sub`, then frame headers counted and payloads skipped. */
function connectRaw(i: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const sock = net.connect(Number(url.port), url.hostname);
    raw.push(sock);
    let head: Buffer | null = Buffer.alloc(0);
    let carry: Buffer | null = null;
    let skip = 0;
    const parse = (chunk: Buffer) => {
      const buf = carry ? Buffer.concat([carry, chunk]) : chunk;
      carry = null;
      let at = 0;
      while (at < buf.length) {
        if (skip > 0) {
          const n = Math.min(skip, buf.length - at);
          skip -= n;
          at += n;
          continue;
        }
        const left = buf.length - at;
        const b0 = buf[at]!;
        let len = left >= 2 ? buf[at + 1]! & 0x7f : 0;
        const size = len === 126 ? 4 : len === 127 ? 10 : 2;
        if (left < size) {
          carry = buf.subarray(at);
          return;
        }
        if (len === 126) len = buf.readUInt16BE(at + 2);
        else if (len === 127) len = Number(buf.readBigUInt64BE(at + 2));
        const op = b0 & 0x0f;
        if (op === 8) closedWith(left >= size + 2 ? buf.readUInt16BE(at + size) : 1005);
        else if (op <= 2 && b0 & 0x80) counts[i]!++;
        at += size;
        skip = len;
      }
    };
    sock.on('connect', () => {
      sock.write(
        `GET ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n` +
          (deflate ? 'Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n' : '') +
          '\r\n',
      );
    });
    sock.on('data', (chunk: Buffer) => {
      if (!head) return parse(chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      if (!head.subarray(0, 12).toString().includes('101')) {
        reject(new Error(`handshake refused: ${head.subarray(0, end).toString()}`));
        return sock.destroy();
      }
      const rest = head.subarray(end + 4);
      head = null;
      sock.write(maskedText(SUB));
      resolve();
      if (rest.length > 0) parse(rest);
    });
    sock.on('error', reject);
  });
}

/** A sampled socket: a ws client following the book as the worker does. */
function connectFull(i: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: deflate });
    full.push(ws);
    const book = new OrderBook({
      symbol: BENCH_SYMBOL,
      // Only the channel feeds this book: a request here is a gap the server let through.
      fetchSnapshot: () => new Promise(() => {}),
      onResync: (reason) => resyncs.set(reason, (resyncs.get(reason) ?? 0) + 1),
    });
    ws.on('message', (data) => {
      counts[i]!++;
      const msg = JSON.parse(data.toString()) as { ch?: string; data?: DepthMessage };
      if (msg.ch !== BENCH_CHANNEL || !msg.data) return;
      if (msg.data.type === 'snapshot') snapshots++;
      else latencies.push(Date.now() - (msg.data as TimedDiff).ts);
      book.handle(msg.data);
    });
    ws.on('close', (code) => closedWith(code));
    ws.once('open', () => {
      ws.send(SUB);
      resolve();
    });
    ws.once('error', reject);
  });
}

async function connectAll(): Promise<{ ms: number }> {
  const started = Date.now();
  let next = 0;
  const worker = async () => {
    while (next < sockets) {
      const i = next++;
      await (isSampled(i) ? connectFull(i) : connectRaw(i));
    }
  };
  await Promise.all(Array.from({ length: CONNECTING }, worker));
  // Subscribed: each socket has its `subbed` and its snapshot.
  while (counts.some((n) => n < 2)) await new Promise((r) => setTimeout(r, 50));
  return { ms: Date.now() - started };
}

function quantile(sorted: number[], q: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** Frames since the last mark: in all, and the least and most any one socket got. */
function mark() {
  let total = 0;
  let min = Infinity;
  let max = 0;
  for (let i = 0; i < sockets; i++) {
    const d = counts[i]! - atMark[i]!;
    total += d;
    if (d < min) min = d;
    if (d > max) max = d;
    atMark[i] = counts[i]!;
  }
  const lat = latencies.sort((a, b) => a - b);
  latencies = [];
  return {
    type: 'mark',
    at: Date.now(),
    total,
    min,
    max,
    cpu: process.cpuUsage(),
    closes: Object.fromEntries(closeCodes),
    latencyP50: quantile(lat, 0.5),
    latencyP99: quantile(lat, 0.99),
    resyncs: Object.fromEntries(resyncs),
    snapshots,
  };
}

process.on('message', (m: { type: string }) => {
  if (m.type === 'connect') {
    connectAll().then(
      (r) => process.send!({ type: 'connected', ...r }),
      (err: Error) => process.send!({ type: 'failed', message: err.message }),
    );
  } else if (m.type === 'mark') {
    process.send!(mark());
  } else if (m.type === 'stop') {
    for (const s of raw) s.destroy();
    for (const ws of full) ws.terminate();
    process.exit(0);
  }
});
process.send!({ type: 'ready' });
