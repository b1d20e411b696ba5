// The operator socket: authenticates first, reconnects with a doubling back-off and re-authenticates,
// stops when the session ends.
import { describe, expect, it } from 'vitest';
import { backoff, createOpsSocket } from '../../../console/worker/socket';

class FakeSocket {
  sent: string[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  send(s: string) {
    this.sent.push(s);
  }
  close() {
    this.closed = true;
    this.onclose?.({ code: 1000 });
  }
}

describe('the operator socket', () => {
  it('backs off 1, 2, 4 … seconds up to 30', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(backoff)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('authenticates on each open, hands events on, and reconnects after a drop', () => {
    const sockets: FakeSocket[] = [];
    const timers: { fn: () => void; ms: number }[] = [];
    let token: string | null = 'tok';
    const socket = createOpsSocket({
      url: 'ws://x/api/ops/ws',
      open: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s as unknown as WebSocket;
      },
      token: () => token,
      setTimeout: (fn, ms) => timers.push({ fn, ms }),
      clearTimeout: () => {},
    });
    const events: unknown[] = [];
    socket.onEvent((e) => events.push(e));
    socket.start();
    sockets[0]!.onopen!();
    expect(sockets[0]!.sent).toEqual(['{"op":"auth","token":"tok"}']);
    sockets[0]!.onmessage!({ data: '{"type":"queues","counts":{"kyc":1}}' });
    sockets[0]!.onmessage!({ data: 'not json' });
    expect(events).toEqual([{ type: 'queues', counts: { kyc: 1 } }]);

    sockets[0]!.onclose!({ code: 1006 });
    expect(timers.map((t) => t.ms)).toEqual([1000]);
    timers[0]!.fn();
    sockets[1]!.onclose!({ code: 1006 });
    expect(timers.map((t) => t.ms)).toEqual([1000, 2000]);
    token = 'tok2';
    timers[1]!.fn();
    sockets[2]!.onopen!();
    expect(sockets[2]!.sent).toEqual(['{"op":"auth","token":"tok2"}']);

    socket.stop();
    expect(sockets[2]!.closed).toBe(true);
    expect(timers).toHaveLength(2);
  });

  it('does not reconnect when the server refused the session', () => {
    const sockets: FakeSocket[] = [];
    let waits = 0;
    const states: string[] = [];
    const socket = createOpsSocket({
      url: 'ws://x/api/ops/ws',
      open: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s as unknown as WebSocket;
      },
      token: () => 'expired',
      setTimeout: () => (waits += 1),
      clearTimeout: () => {},
    });
    socket.onState((s) => states.push(s));
    socket.start();
    sockets[0]!.onopen!();
    sockets[0]!.onclose!({ code: 4401 });
    expect(waits).toBe(0);
    expect(states.at(-1)).toBe('off');
  });
});
