import WebSocket from 'ws';
import type { ServerMessage } from '../../domain';

/** A socket on `/ws` recording what it receives. */
export interface SocketWatch {
  messages: ServerMessage[];
  /** Resolves with the first message (past or future) matching `pred`; rejects after `ms` (6 s). */
  next(pred: (m: ServerMessage) => boolean, ms?: number): Promise<ServerMessage>;
  send(msg: object): void;
  /** Resolves with the close code once the server or `close()` closed it. */
  closed: Promise<number>;
  close(): void;
}

/** Opens the socket of `origin` and resolves once it is open. */
export async function openSocket(origin: string): Promise<SocketWatch> {
  const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/ws`);
  const messages: ServerMessage[] = [];
  const waiters: { pred: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
  ws.on('message', (raw: WebSocket.RawData) => {
    const m = JSON.parse(raw.toString()) as ServerMessage;
    messages.push(m);
    for (const w of waiters.splice(0)) {
      if (w.pred(m)) w.resolve(m);
      else waiters.push(w);
    }
  });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return {
    messages,
    next(pred, ms = 6_000) {
      const seen = messages.find(pred);
      if (seen) return Promise.resolve(seen);
      return new Promise<ServerMessage>((resolve, reject) => {
        waiters.push({ pred, resolve });
        setTimeout(() => reject(new Error(`no matching socket message within ${ms} ms`)), ms).unref();
      });
    },
    send: (msg) => ws.send(JSON.stringify(msg)),
    closed,
    close: () => ws.close(),
  };
}

/** Whether `m` is the reply `subbed` for `ch`. */
export const isSubbed = (ch: string) => (m: ServerMessage) => 'op' in m && m.op === 'subbed' && m.ch === ch;
/** Whether `m` carries data of `ch`. */
export const isData = (ch: string) => (m: ServerMessage) => 'ch' in m && m.ch === ch && 'data' in m;
