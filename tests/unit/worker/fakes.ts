// Test doubles for the worker's injected host APIs: fetch and WebSocket.
import type { FetchInit, FetchLike, FetchReply } from '../../../worker/api-client';

/** One request the fake fetch received. */
export interface Recorded {
  url: string;
  init: FetchInit;
}

/** A reply for the fake fetch: status and body text, or an error to throw, or 'hang' to never answer. */
export type FakeReply = { status: number; body: string } | { throws: Error } | 'hang';

/** A fake fetch that records requests and answers from a queue (or a fixed reply). */
export function fakeFetch(
  replies: FakeReply[] | ((req: Recorded) => FakeReply),
): FetchLike & { calls: Recorded[] } {
  const calls: Recorded[] = [];
  const queue = Array.isArray(replies) ? [...replies] : null;
  const fn = (url: string, init: FetchInit): Promise<FetchReply> => {
    const req = { url, init };
    calls.push(req);
    const reply = queue ? queue.shift() : (replies as (r: Recorded) => FakeReply)(req);
    if (reply === undefined) throw new Error(`no reply queued for ${url}`);
    if (reply === 'hang') {
      // Like real fetch: never settles on its own, rejects with AbortError once the signal aborts.
      return new Promise((_resolve, reject) => {
        init.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }
    if ('throws' in reply) return Promise.reject(reply.throws);
    return Promise.resolve({ status: reply.status, text: () => Promise.resolve(reply.body) });
  };
  return Object.assign(fn, { calls });
}

/** JSON reply helper. */
export const json = (status: number, body: unknown): FakeReply => ({ status, body: JSON.stringify(body) });

type Handler = ((ev: { data?: unknown }) => void) | null;

/** A fake WebSocket: records instances and sent frames; the test drives open, message and close. */
export class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  static reset(): void {
    FakeWebSocket.instances = [];
  }
  static last(): FakeWebSocket {
    const ws = FakeWebSocket.instances.at(-1);
    if (!ws) throw new Error('no socket was created');
    return ws;
  }

  readyState = 0;
  sent: string[] = [];
  closeCalls = 0;
  onopen: Handler = null;
  onclose: Handler = null;
  onerror: Handler = null;
  onmessage: Handler = null;

  constructor(public readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('not open');
    this.sent.push(data);
  }
  close(): void {
    this.closeCalls += 1;
    this.readyState = 3;
  }

  /** Sent frames, parsed. */
  messages(): unknown[] {
    return this.sent.map((s) => JSON.parse(s) as unknown);
  }

  // Test controls: what the server (or the network) does.
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: unknown): void {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
  serverClose(): void {
    this.readyState = 3;
    this.onclose?.({});
  }
  fail(): void {
    this.readyState = 3;
    this.onerror?.({});
    this.onclose?.({});
  }
}
