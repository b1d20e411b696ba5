import { EventEmitter } from 'node:events';
import { constants, inflateRawSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Outgoing } from '../../../server/http/outgoing';
import { SharedSnapshots } from '../../../server/http/shared-snapshots';
import { SocketOutput, type OutputLimits } from '../../../server/http/socket-output';

/** Reads the frames of a server's stream: their texts (inflated when RSV1 says so) and how many writes. */
function decode(chunks: Buffer[]): { texts: string[]; compressed: boolean[] } {
  const all = Buffer.concat(chunks);
  const texts: string[] = [];
  const compressed: boolean[] = [];
  let at = 0;
  while (at < all.length) {
    const b0 = all[at]!;
    const b1 = all[at + 1]!;
    expect(b0 & 0x8f).toBe(0x81); // final text frame
    expect(b1 & 0x80).toBe(0); // a server's frames are not masked
    let len = b1 & 0x7f;
    let head = 2;
    if (len === 126) {
      len = all.readUInt16BE(at + 2);
      head = 4;
    } else if (len === 127) {
      len = Number(all.readBigUInt64BE(at + 2));
      head = 10;
    }
    const payload = all.subarray(at + head, at + head + len);
    const deflated = (b0 & 0x40) !== 0;
    compressed.push(deflated);
    texts.push(
      deflated
        ? inflateRawSync(Buffer.concat([payload, Buffer.from([0, 0, 0xff, 0xff])]), {
            finishFlush: constants.Z_SYNC_FLUSH,
          }).toString()
        : payload.toString(),
    );
    at += head + len;
  }
  return { texts, compressed };
}

/** A stream whose backlog the test sets: what the network has not taken yet. */
class FakeStream extends EventEmitter {
  writes: Buffer[] = [];
  writableLength = 0;
  write(chunk: Buffer): boolean {
    this.writes.push(chunk);
    return true;
  }
}

const LIMITS: OutputLimits = { holdBytes: 1000, maxBytes: 5000, hopelessMs: 1000, maxQueued: 3 };

function setup(
  options: {
    deflate?: boolean;
    snapshot?: (ch: string, covers: number) => Promise<Outgoing | null>;
    subscribed?: () => boolean;
  } = {},
) {
  const stream = new FakeStream();
  const closes: [number, string][] = [];
  let open = true;
  const snapshots: [string, number][] = [];
  let seq = 0;
  const out = new SocketOutput({
    stream,
    isOpen: () => open,
    close: (code, reason) => {
      open = false;
      closes.push([code, reason]);
    },
    deflate: options.deflate ?? false,
    snapshot:
      options.snapshot ??
      (async (ch, covers) => {
        snapshots.push([ch, covers]);
        return new Outgoing(JSON.stringify({ ch, data: { type: 'snapshot', seq } }));
      }),
    subscribed: options.subscribed ?? (() => true),
    limits: LIMITS,
  });
  const diff = () => {
    seq++;
    return new Outgoing(JSON.stringify({ ch: 'book', data: { type: 'diff', seq } }), 'book', true);
  };
  const texts = () => decode(stream.writes).texts.map((t) => JSON.parse(t) as unknown);
  return { stream, out, closes, snapshots, diff, texts };
}

const tick = () => new Promise<void>((r) => process.nextTick(r));
const settle = () => new Promise<void>((r) => setImmediate(r));

afterEach(() => {
  vi.useRealTimers();
});

describe('Outgoing', () => {
  it('frames a message once, plain or deflated, and leaves small messages plain', () => {
    const big = new Outgoing(JSON.stringify({ ch: 'x', data: 'a'.repeat(70_000) }));
    const small = new Outgoing('{"op":"pong"}');
    expect(big.frame(false)).toBe(big.frame(false));
    expect(big.frame(true)).toBe(big.frame(true));
    expect(big.frame(true).length).toBeLessThan(1000);
    expect(small.frame(true)).toBe(small.frame(false));
    const mid = new Outgoing('m'.repeat(300));
    const got = decode([big.frame(false), big.frame(true), small.frame(true), mid.frame(false)]);
    expect(got.texts).toEqual([big.text, big.text, small.text, mid.text]);
    expect(got.compressed).toEqual([false, true, false, false]);
  });
});

describe('SocketOutput', () => {
  it('writes the frames of one tick at once, in order', async () => {
    const { stream, out, texts } = setup();
    out.send(new Outgoing('{"n":1}'));
    out.send(new Outgoing('{"n":2}'));
    expect(stream.writes).toHaveLength(0);
    await tick();
    expect(stream.writes).toHaveLength(1);
    expect(texts()).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('skips a slow socket’s diffs and sends one fresh snapshot, then what came meanwhile, once it drains', async () => {
    let answer!: (o: Outgoing) => void;
    const asked: number[] = [];
    const { stream, out, diff, texts } = setup({
      snapshot: (_ch, covers) => {
        asked.push(covers);
        return new Promise((r) => (answer = r));
      },
    });
    out.send(diff());
    await tick();
    stream.writableLength = 2000;
    const skipped = [diff(), diff(), diff()];
    for (const d of skipped) out.send(d);
    // A message of another kind still goes out (it cannot be replaced).
    out.send(new Outgoing('{"op":"pong"}'));
    await tick();
    expect(out.skipped).toBe(3);
    expect(out.held).toBe(1);
    stream.writableLength = 0;
    stream.emit('drain');
    expect(asked).toEqual([skipped[2]!.id]);
    const late = [diff(), diff()];
    for (const d of late) out.send(d);
    answer(new Outgoing(JSON.stringify({ ch: 'book', data: { type: 'snapshot', seq: 4 } })));
    await settle();
    expect(out.held).toBe(0);
    expect(texts()).toEqual([
      { ch: 'book', data: { type: 'diff', seq: 1 } },
      { op: 'pong' },
      { ch: 'book', data: { type: 'snapshot', seq: 4 } },
      { ch: 'book', data: { type: 'diff', seq: 5 } },
      { ch: 'book', data: { type: 'diff', seq: 6 } },
    ]);
  });

  it('resumes on the next diff when the socket drained without a drain event', async () => {
    const { stream, out, diff, texts, snapshots } = setup();
    stream.writableLength = 2000;
    out.send(diff());
    stream.writableLength = 10;
    out.send(diff());
    await settle();
    expect(snapshots).toHaveLength(1);
    expect(texts()).toEqual([{ ch: 'book', data: { type: 'snapshot', seq: 2 } }]);
  });

  it('resumes after writing this tick’s frames when they left the stream below its mark', async () => {
    const { out, diff, texts, snapshots } = setup();
    // 1,200 bytes of frames in this tick, nothing in the stream: the next diff is held, and the
    // write that follows returns true, so no 'drain' event will come.
    const big = new Outgoing(JSON.stringify({ ch: 'other', data: 'x'.repeat(1200) }));
    out.send(big);
    out.send(diff());
    expect(out.held).toBe(1);
    await settle();
    expect(out.held).toBe(0);
    expect(snapshots).toHaveLength(1);
    expect(texts().at(-1)).toEqual({ ch: 'book', data: { type: 'snapshot', seq: 1 } });
  });

  it('fetches again when more arrived during the fetch than it keeps', async () => {
    let answer!: (o: Outgoing) => void;
    let calls = 0;
    const { stream, out, diff, texts } = setup({
      snapshot: () => {
        calls++;
        return new Promise((r) => (answer = r));
      },
    });
    stream.writableLength = 2000;
    out.send(diff());
    stream.writableLength = 0;
    stream.emit('drain');
    for (let i = 0; i < 4; i++) out.send(diff());
    answer(new Outgoing('{"stale":true}'));
    await settle();
    expect(calls).toBe(2);
    answer(new Outgoing('{"fresh":true}'));
    await settle();
    expect(texts()).toEqual([{ fresh: true }]);
  });

  it('sends nothing more of a channel the socket left while held', async () => {
    let listening = true;
    const { stream, out, diff, texts } = setup({ subscribed: () => listening });
    stream.writableLength = 2000;
    out.send(diff());
    listening = false;
    stream.writableLength = 0;
    stream.emit('drain');
    await settle();
    expect(out.held).toBe(0);
    expect(texts()).toEqual([]);
  });

  it('closes with 1013 when what cannot be replaced piles up past maxBytes', async () => {
    const { stream, out, closes } = setup();
    stream.writableLength = 6000;
    out.send(new Outgoing('{"trade":1}', 'trades'));
    out.send(new Outgoing('{"trade":2}', 'trades'));
    expect(closes).toEqual([[1013, 'too slow']]);
    await tick();
    expect(stream.writes).toHaveLength(0);
  });

  it('closes with 1013 a socket that holds a channel for hopelessMs without draining, not one that drained', async () => {
    vi.useFakeTimers();
    const slow = setup();
    const recovering = setup();
    for (const s of [slow, recovering]) {
      s.stream.writableLength = 2000;
      s.out.send(s.diff());
    }
    vi.advanceTimersByTime(900);
    recovering.stream.writableLength = 0;
    recovering.stream.emit('drain');
    vi.advanceTimersByTime(200);
    expect(slow.closes).toEqual([[1013, 'too slow']]);
    expect(recovering.closes).toEqual([]);
    // Closed: nothing more is written or fetched.
    slow.out.send(slow.diff());
    expect(slow.out.held).toBe(0);
  });
});

describe('SharedSnapshots', () => {
  it('shares a snapshot on its way with the sockets it covers, and asks anew for the others', async () => {
    let made = 0;
    const answers: ((o: Outgoing | null) => void)[] = [];
    const shared = new SharedSnapshots(() => {
      made++;
      return new Promise((r) => answers.push(r));
    });
    const before = new Outgoing('{"diff":1}', 'book');
    const a = shared.get('book', before.id);
    // Publications of other channels do not make it stale.
    new Outgoing('{"trade":1}', 'trades');
    const b = shared.get('book', before.id);
    expect(made).toBe(1);
    expect(b).toBe(a);
    const after = new Outgoing('{"diff":2}', 'book');
    const c = shared.get('book', after.id);
    expect(made).toBe(2);
    expect(c).not.toBe(a);
    answers[0]!(null);
    answers[1]!(null);
    await settle();
    shared.get('book', after.id);
    expect(made).toBe(3);
  });
});
