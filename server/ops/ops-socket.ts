import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { OpsEvents } from './ops-events';
import { resolveCaller, type OpsMountOptions } from './http';
import type { OpsCaller } from './ops-registry';

/** Path of the operator socket. */
export const OPS_SOCKET_PATH = '/api/ops/ws';
/** Largest accepted client message, in bytes: only `auth` and `ping`. */
const MAX_MESSAGE_BYTES = 4 * 1024;
/** A console that lets this much output pile up is dropped; it reconnects and reloads its lists. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/**
 * Close codes: the credential was refused or stopped (4401, reason `sessionInvalid`, or
 * `opsSessionIdle` when the session's idle timeout passed), the first message was not `auth` (4400).
 */
const CLOSE_UNAUTHORIZED = 4401;
const CLOSE_PROTOCOL = 4400;

interface Console {
  socket: WebSocket;
  caller: OpsCaller | null;
  bearer: string;
  expiry: ReturnType<typeof setTimeout> | null;
}

function parse(raw: string): { op: 'auth'; token: string } | { op: 'ping' } | null {
  try {
    const m = JSON.parse(raw) as Record<string, unknown> | null;
    if (m?.op === 'auth' && typeof m.token === 'string') return { op: 'auth', token: m.token };
    if (m?.op === 'ping') return { op: 'ping' };
    return null;
  } catch {
    return null;
  }
}

/**
 * The operator socket: the first message is `{op: 'auth', token}` (a console session or personal
 * token, or the demo token with `X-Operator` on the upgrade request); then every `OpsEvents` event
 * goes to every console whose role holds `read`. A session that ends (sign-out, expiry, password
 * change) or an operator disabled closes the socket with 4401.
 */
export function registerOpsSocket(app: FastifyInstance, events: OpsEvents, options: OpsMountOptions): void {
  const consoles = new Set<Console>();
  const drop = (c: Console, code: number, why: string) => {
    if (c.expiry) clearTimeout(c.expiry);
    consoles.delete(c);
    if (c.socket.readyState === c.socket.OPEN) {
      c.socket.send(JSON.stringify({ op: 'error', msg: why }));
      c.socket.close(code, why);
    }
  };
  // A session's socket closes when the session ends: at its lifetime's end, or at its idle timeout
  // unless a request came meanwhile (then the watch moves on to the new timeout).
  const watchExpiry = async (c: Console): Promise<void> => {
    const expiresAt = c.caller ? await options.auth.expiryOf(c.caller) : null;
    if (expiresAt === null || !consoles.has(c)) return;
    if (c.expiry) clearTimeout(c.expiry);
    c.expiry = setTimeout(
      () => {
        void options.auth.authenticate(c.bearer, false).then(
          (now) => {
            if (now === 'idle') drop(c, CLOSE_UNAUTHORIZED, 'opsSessionIdle');
            else if (!now) drop(c, CLOSE_UNAUTHORIZED, 'sessionInvalid');
            else void watchExpiry(c);
          },
          () => drop(c, CLOSE_UNAUTHORIZED, 'sessionInvalid'),
        );
      },
      // A little after the moment, so the check finds the session ended rather than a hair before.
      Math.max(0, expiresAt - Date.now()) + 50,
    );
    c.expiry.unref();
  };
  const stopEvents = events.listen((event) => {
    const text = JSON.stringify(event);
    for (const c of consoles) {
      if (!c.caller?.duties.includes('read') || c.socket.readyState !== c.socket.OPEN) continue;
      if (c.socket.bufferedAmount > MAX_BUFFERED_BYTES) c.socket.close(1013, 'too slow');
      else c.socket.send(text);
    }
  });
  // An operator's credentials changed: each of their consoles checks its own again.
  const stopChanges = options.auth.onCredentialChange((operatorId) => {
    for (const c of consoles) {
      if (c.caller?.operatorId !== operatorId) continue;
      void options.auth.resolve(c.bearer).then(
        (caller) => {
          if (!caller) drop(c, CLOSE_UNAUTHORIZED, 'sessionInvalid');
          else c.caller = caller;
        },
        () => drop(c, CLOSE_UNAUTHORIZED, 'sessionInvalid'),
      );
    }
  });
  app.addHook('onClose', async () => {
    stopEvents();
    stopChanges();
    for (const c of consoles) drop(c, 1001, 'server closing');
  });

  app.get(OPS_SOCKET_PATH, { websocket: true }, (socket: WebSocket, request) => {
    const c: Console = { socket, caller: null, bearer: '', expiry: null };
    let authing = false;
    socket.on('message', (data, isBinary) => {
      const text = isBinary ? '' : data.toString();
      const msg = text.length > MAX_MESSAGE_BYTES ? null : parse(text);
      if (msg?.op === 'ping') return socket.send(JSON.stringify({ op: 'pong' }));
      if (msg?.op !== 'auth' || authing || c.caller) return drop(c, CLOSE_PROTOCOL, 'bad message');
      authing = true;
      void (async () => {
        // Not a request: an open socket alone does not keep a session from its idle timeout.
        const caller = await resolveCaller(msg.token.trim(), request, options, false).catch(() => null);
        if (caller === 'idle') return drop(c, CLOSE_UNAUTHORIZED, 'opsSessionIdle');
        if (!caller) return drop(c, CLOSE_UNAUTHORIZED, 'sessionInvalid');
        c.caller = caller;
        c.bearer = msg.token.trim();
        consoles.add(c);
        await watchExpiry(c);
        socket.send(JSON.stringify({ op: 'authed', name: caller.name, role: caller.role }));
      })();
    });
    socket.on('close', () => {
      if (c.expiry) clearTimeout(c.expiry);
      consoles.delete(c);
    });
    socket.on('error', (err) => request.log.warn({ err }, 'ops socket error'));
  });
}
