import WebSocket from 'ws';
import type { PrivateEvent } from '../../domain';

/** A signed-in socket subscribed to the private channel, collecting what it receives. */
export interface PrivateWatch {
  /** Every private event so far, oldest first. */
  events: PrivateEvent[];
  close(): void;
}

/** Opens `/ws` as the holder of `token`, subscribes to `private` and resolves once subscribed. */
export async function watchPrivate(origin: string, token: string): Promise<PrivateWatch> {
  const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/ws`);
  const events: PrivateEvent[] = [];
  const subbed = new Promise<void>((resolve) =>
    ws.on('message', (raw: WebSocket.RawData) => {
      const m = JSON.parse(raw.toString()) as { op?: string; ch?: string; data?: PrivateEvent };
      if (m.op === 'subbed') resolve();
      if (m.ch === 'private' && m.data) events.push(m.data);
    }),
  );
  await new Promise((resolve) => ws.once('open', resolve));
  ws.send(JSON.stringify({ op: 'auth', token }));
  ws.send(JSON.stringify({ op: 'sub', ch: 'private' }));
  await subbed;
  return { events, close: () => ws.close() };
}
