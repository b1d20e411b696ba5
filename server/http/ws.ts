import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import {
  SYS_CHANNEL,
  SYS_HEARTBEAT_MS,
  type ClientMessage,
  type ServerMessage,
  type SysData,
} from '../../domain';
import type { Authenticator } from './auth';
import type { ChannelHub, SocketClient } from './channels';
import { DEFLATE_THRESHOLD_BYTES, DEFLATE_WINDOW_BITS, Outgoing, lastPublicationOf } from './outgoing';
import { SharedSnapshots } from './shared-snapshots';
import { OUTPUT_LIMITS, SocketOutput, type OutputLimits } from './socket-output';
import { SocketSessions } from './socket-sessions';

/** Path of the one WebSocket (also reported by `settings`). */
export const SOCKET_PATH = '/ws';
/** Largest accepted client message, in bytes; client messages are tiny. */
const MAX_MESSAGE_BYTES = 16 * 1024;
/** Channels one socket may hold at once, so one client cannot make every publication fan out to it. */
const MAX_CHANNELS_PER_SOCKET = 256;

/** A channel's first message as a socket gets it: none (null), or its snapshot failed. */
type Fresh = Outgoing | null | 'failed';

/** Declares the `sys` channel and starts its heartbeat; returns the function that stops it. */
export function startSysChannel(hub: ChannelHub): () => void {
  const now = (): SysData => ({ serverTime: Date.now() });
  hub.onSubscribe(SYS_CHANNEL, now, { local: true });
  const timer = setInterval(() => hub.publish(SYS_CHANNEL, now()), SYS_HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}

function parse(raw: string): ClientMessage | null {
  try {
    const msg: unknown = JSON.parse(raw);
    if (typeof msg !== 'object' || msg === null) return null;
    const m = msg as Record<string, unknown>;
    if ((m.op === 'sub' || m.op === 'unsub') && typeof m.ch === 'string' && m.ch !== '')
      return { op: m.op, ch: m.ch };
    if (m.op === 'auth' && typeof m.token === 'string') return { op: 'auth', token: m.token };
    if (m.op === 'ping') return typeof m.t === 'number' ? { op: 'ping', t: m.t } : { op: 'ping' };
    return null;
  } catch {
    return null;
  }
}

/**
 * Serves the multiplexed socket at SOCKET_PATH. Requires @fastify/websocket to be registered. A
 * socket bound by `auth` loses its identity the moment its session is revoked or expires: it gets
 * `{op: 'error', msg: 'sessionInvalid'}` and leaves its private channels; public ones go on.
 */
export function registerSocket(
  app: FastifyInstance,
  hub: ChannelHub,
  auth: Authenticator,
  limits: OutputLimits = OUTPUT_LIMITS,
): void {
  const sessions = new SocketSessions(hub, auth);
  app.addHook('onClose', async () => sessions.close());
  /** A channel's first message for `client`: null when the channel sends none. */
  const snapshotOf = async (ch: string, client: SocketClient, log: FastifyBaseLogger): Promise<Fresh> => {
    const family = hub.family(ch);
    if (!family?.snapshot) return null;
    try {
      const data = await family.snapshot(ch, client);
      return data === undefined ? null : new Outgoing(JSON.stringify({ ch, data } satisfies ServerMessage));
    } catch (err) {
      log.error({ err, ch }, 'socket snapshot failed');
      return 'failed';
    }
  };
  // A public channel's snapshot is the same for every socket (its family ignores who asks).
  const nobody: SocketClient = { userId: null, expiresAt: null, send: () => {} };
  const shared = new SharedSnapshots((ch) => snapshotOf(ch, nobody, app.log));

  app.get(SOCKET_PATH, { websocket: true }, (socket: WebSocket, request) => {
    const log: FastifyBaseLogger = request.log;
    // Frames go straight to the upgraded TCP socket, built once per publication (outgoing.ts).
    /** A snapshot of `ch` covering every message up to number `covers`, shared when public. */
    const fresh = (ch: string, covers: number) =>
      hub.family(ch)?.options.private ? snapshotOf(ch, client, log) : shared.get(ch, covers);
    const output = new SocketOutput({
      stream: request.raw.socket,
      isOpen: () => socket.readyState === socket.OPEN,
      close: (code, reason) => socket.close(code, reason),
      deflate: socket.extensions.includes('permessage-deflate'),
      snapshot: async (ch, covers) => {
        const snapshot = await fresh(ch, covers);
        return snapshot === 'failed' ? null : snapshot;
      },
      subscribed: (ch) => hub.has(client, ch),
      limits,
    });
    const client: SocketClient = {
      userId: null,
      expiresAt: null,
      send: (msg) => output.send(msg),
      close: (code, reason) => output.close(code, reason),
    };
    const send = (msg: ServerMessage) => output.send(new Outgoing(JSON.stringify(msg)));

    const subscribe = async (ch: string) => {
      const family = hub.family(ch);
      if (!family) return send({ op: 'error', ch, msg: 'unknown channel' });
      if (family.options.private && client.userId === null)
        return send({ op: 'error', ch, msg: 'auth required' });
      if (hub.countOf(client) >= MAX_CHANNELS_PER_SOCKET)
        return send({ op: 'error', ch, msg: 'too many channels' });
      if (!hub.add(client, ch)) return send({ op: 'subbed', ch });
      // The socket gets every publication of `ch` made from now on; its snapshot must cover the rest.
      const covers = lastPublicationOf(ch);
      send({ op: 'subbed', ch });
      if (!family.snapshot) return;
      const snapshot = await fresh(ch, covers);
      if (snapshot === 'failed') send({ op: 'error', ch, msg: 'snapshot failed' });
      else if (snapshot) output.send(snapshot);
    };

    const handle = async (msg: ClientMessage) => {
      switch (msg.op) {
        case 'ping':
          return send(msg.t === undefined ? { op: 'pong' } : { op: 'pong', t: msg.t });
        case 'sub':
          return subscribe(msg.ch);
        case 'unsub':
          return hub.remove(client, msg.ch);
        case 'auth': {
          const session = await sessions.authenticate(client, msg.token, () =>
            send({ op: 'error', msg: 'sessionInvalid' }),
          );
          if (!session) return send({ op: 'error', msg: 'sessionInvalid' });
          return send({ op: 'authed', userId: session.userId });
        }
      }
    };

    // One socket's messages are handled strictly in order: `auth` resolves the session
    // asynchronously, and a `sub` to a private channel sent right after it must see the result.
    let queue: Promise<void> = Promise.resolve();
    socket.on('message', (data, isBinary) => {
      const msg = isBinary ? null : parse(data.toString());
      if (!msg) return send({ op: 'error', msg: 'bad message' });
      queue = queue
        .then(() => handle(msg))
        .then(
          () => undefined,
          (err: unknown) => {
            log.error({ err }, 'socket message failed');
            send({ op: 'error', msg: 'server fault' });
          },
        );
    });
    socket.on('close', () => {
      output.closed();
      sessions.detach(client);
      hub.detach(client);
    });
    socket.on('error', (err) => log.warn({ err }, 'socket error'));
  });
}

/**
 * Options for @fastify/websocket. Messages of 1 KiB and more (depth snapshots, candle and ticker
 * lists) are deflated when the client offers permessage-deflate; small diffs and trades go as they
 * are, where compression would cost more than it saves. The server compresses its messages itself
 * (outgoing.ts), a publication once for every socket: with no context takeover each message is
 * compressed alone, so the bytes are the same for every socket, and an idle socket holds no 32 KiB
 * window. ws's own settings below apply to what the client sends.
 */
export const WEBSOCKET_OPTIONS = {
  options: {
    maxPayload: MAX_MESSAGE_BYTES,
    perMessageDeflate: {
      threshold: DEFLATE_THRESHOLD_BYTES,
      concurrencyLimit: 10,
      serverNoContextTakeover: true,
      clientNoContextTakeover: true,
      serverMaxWindowBits: DEFLATE_WINDOW_BITS,
      zlibDeflateOptions: { level: 6, memLevel: 7 },
    },
  },
};
