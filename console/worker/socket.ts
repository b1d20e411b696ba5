// The operator socket (`/api/ops/ws`): authenticates with the session's token as its first message,
// hands each event to the console, and reconnects with a doubling back-off (re-authenticating each
// time) until the session ends.
import type { OpsEvent } from '../../domain/ops-api';

/** The socket's state, as the console shows it. */
export type SocketState = 'off' | 'connecting' | 'open' | 'waiting';

/** Shortest and longest wait before a reconnect, in milliseconds. */
export const RECONNECT_MIN_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;

/** The close code of a socket whose session the server refused (server/ops/ops-socket.ts). */
export const CLOSE_UNAUTHORIZED = 4401;

/** Wait before attempt `attempt` (1-based), in milliseconds: 1 s, 2 s, 4 s … 30 s. */
export function backoff(attempt: number): number {
  return Math.min(RECONNECT_MIN_MS * 2 ** Math.max(0, attempt - 1), RECONNECT_MAX_MS);
}

/** What the socket needs (tests pass a fake socket and timers). */
export interface SocketDeps {
  /** `ws://host/api/ops/ws` or `wss://…`. */
  url: string;
  open(url: string): WebSocket;
  token(): string | null;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The operator socket. */
export interface OpsSocket {
  /** Connects (again) if a session exists; a no-op while connected. */
  start(): void;
  /** Closes and stops reconnecting (sign-out). */
  stop(): void;
  onEvent(listener: (event: OpsEvent) => void): () => void;
  onState(listener: (state: SocketState) => void): () => void;
}

const isEvent = (v: unknown): v is OpsEvent =>
  typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string';

/** Creates the socket; it connects on `start`. */
export function createOpsSocket(deps: SocketDeps): OpsSocket {
  let ws: WebSocket | null = null;
  let timer: unknown = null;
  let attempt = 0;
  let wanted = false;
  let state: SocketState = 'off';
  const events = new Set<(event: OpsEvent) => void>();
  const states = new Set<(state: SocketState) => void>();
  const setState = (next: SocketState) => {
    if (next === state) return;
    state = next;
    for (const l of states) l(next);
  };

  const connect = (): void => {
    timer = null;
    const token = deps.token();
    if (!wanted || token === null) return setState('off');
    setState('connecting');
    const socket = deps.open(deps.url);
    ws = socket;
    socket.onopen = () => {
      attempt = 0;
      socket.send(JSON.stringify({ op: 'auth', token }));
      setState('open');
    };
    socket.onmessage = (m: MessageEvent) => {
      let data: unknown;
      try {
        data = JSON.parse(String(m.data));
      } catch {
        return;
      }
      if (isEvent(data)) for (const l of events) l(data);
    };
    socket.onclose = (e: CloseEvent) => {
      if (ws !== socket) return;
      ws = null;
      // A refused session stays refused: the next call hears the 401 and signs the console out.
      if (!wanted || deps.token() === null || e.code === CLOSE_UNAUTHORIZED) return setState('off');
      attempt += 1;
      setState('waiting');
      timer = deps.setTimeout(connect, backoff(attempt));
    };
  };

  return {
    start() {
      wanted = true;
      if (ws === null && timer === null) connect();
    },
    stop() {
      wanted = false;
      if (timer !== null) deps.clearTimeout(timer);
      timer = null;
      attempt = 0;
      const socket = ws;
      ws = null;
      socket?.close();
      setState('off');
    },
    onEvent(listener) {
      events.add(listener);
      return () => events.delete(listener);
    },
    onState(listener) {
      states.add(listener);
      listener(state);
      return () => states.delete(listener);
    },
  };
}
