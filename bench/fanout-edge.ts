/**
 * The edge of the fan-out bench (bench/fanout.bench.ts), one process: the server's socket stack
 * (@fastify/websocket with the server's options) fed by the cluster's own edge glue (`joinCluster`
 * with ROLE=edge: follows the channel's subject on NATS while a socket listens, asks the core for
 * each socket's snapshot). FANOUT_MODE=fast serves /ws with the server's `registerSocket`;
 * FANOUT_MODE=naive with what it did before the fan-out work: `ws.send(text)` per socket, so ws
 * encodes, frames and compresses each message once per socket.
 * Talks to its parent over IPC: `ready` with its port, then `stats` on request.
 */
import type { AddressInfo } from 'node:net';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { joinCluster } from '../server/cluster';
import { ChannelHub, HandlerRegistry, type Authenticator } from '../server/http';
import type { SocketClient } from '../server/http/channels';
import { WEBSOCKET_OPTIONS, registerSocket } from '../server/http/ws';

const mode = process.env.FANOUT_MODE === 'naive' ? 'naive' : 'fast';
const natsUrl = process.env.NATS_URL!;

const noSessions: Authenticator = {
  resolve: async () => null,
  onRevoke: () => () => {},
  revocations: () => 0,
};

/** Before the fan-out work: each message sent by ws per socket, dropped past 4 MiB buffered. */
function registerNaiveSocket(app: FastifyInstance, hub: ChannelHub): void {
  app.get('/ws', { websocket: true }, (socket: WebSocket) => {
    const sendText = (text: string) => {
      if (socket.readyState !== socket.OPEN) return;
      if (socket.bufferedAmount > 4 * 1024 * 1024) return socket.close(1013, 'too slow');
      socket.send(text);
    };
    const client: SocketClient = { userId: null, expiresAt: null, send: (msg) => sendText(msg.text) };
    socket.on('message', (raw) => {
      const msg = JSON.parse(raw.toString()) as { op: string; ch: string };
      if (msg.op !== 'sub') return;
      const family = hub.family(msg.ch);
      if (!family || !hub.add(client, msg.ch)) return;
      sendText(JSON.stringify({ op: 'subbed', ch: msg.ch }));
      void Promise.resolve(family.snapshot?.(msg.ch, client)).then(
        (data) => data !== undefined && sendText(JSON.stringify({ ch: msg.ch, data })),
        () => sendText(JSON.stringify({ op: 'error', ch: msg.ch, msg: 'snapshot failed' })),
      );
    });
    socket.on('close', () => hub.detach(client));
  });
}

async function main(): Promise<void> {
  const hub = new ChannelHub();
  // The trade area's declaration of the depth channel; on an edge its snapshot comes from the core.
  hub.onSubscribe('depth:*', () => undefined, { coalesce: true });
  const app = Fastify({ logger: false });
  await app.register(websocket, WEBSOCKET_OPTIONS);
  if (mode === 'fast') registerSocket(app, hub, noSessions);
  else registerNaiveSocket(app, hub);
  const part = await joinCluster({ role: 'edge', natsUrl, port: 0 });
  part!.started({
    registry: new HandlerRegistry(),
    hub,
    sessions: noSessions,
    log: app.log,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  process.on('message', (m: { type: string; gc?: boolean }) => {
    if (m.type === 'stats') {
      // Collected first only for a memory reading, never inside a measured window.
      if (m.gc) for (let i = 0; i < 3; i++) global.gc?.();
      const mem = process.memoryUsage();
      process.send!({
        type: 'stats',
        at: Date.now(),
        cpu: process.cpuUsage(),
        rss: mem.rss,
        heapUsed: mem.heapUsed,
      });
    } else if (m.type === 'stop') {
      void part!.close().then(() => app.close().then(() => process.exit(0)));
    }
  });
  process.send!({ type: 'ready', port, mode });
}

void main();
