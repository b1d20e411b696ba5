/**
 * The part of a WebSocket the worker uses. Both the DOM `WebSocket` and the `ws` package's class
 * satisfy it. The handler slots are typed `unknown` on purpose: the worker only writes them, and the
 * two implementations type their event objects differently, so a precise type would make one of
 * them unassignable.
 */
export interface WebSocketLike {
  /** 0 connecting, 1 open, 2 closing, 3 closed. */
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: unknown;
  onclose: unknown;
  onerror: unknown;
  onmessage: unknown;
}

/** A WebSocket constructor: the browser global, or `ws` in Node. */
export type WebSocketCtor = new (url: string) => WebSocketLike;

/** The readyState value of an open socket (the same in every implementation). */
export const WS_OPEN = 1;

/** The event shape the worker reads from a `message` event. */
export interface MessageEventLike {
  data?: unknown;
}

const decoder = new TextDecoder();

/** Message data as text: strings as they are, binary frames decoded as UTF-8, anything else null. */
export function messageText(data: unknown): string | null {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return decoder.decode(data);
  if (ArrayBuffer.isView(data)) return decoder.decode(data);
  return null;
}

/** Parses a message's data as JSON; null when it is not text or not JSON. */
export function parseMessage(data: unknown): unknown {
  const text = messageText(data);
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Attaches handlers to a socket's `on…` slots (see WebSocketLike for why the slots are untyped). */
export function attachHandlers(
  socket: WebSocketLike,
  handlers: {
    open?: () => void;
    close?: () => void;
    error?: () => void;
    message?: (event: MessageEventLike) => void;
  },
): void {
  socket.onopen = handlers.open ?? null;
  socket.onclose = handlers.close ?? null;
  socket.onerror = handlers.error ?? null;
  socket.onmessage = handlers.message ?? null;
}

/** Removes our handlers, so a socket we gave up on cannot call back into a newer connection. */
export function detachHandlers(socket: WebSocketLike): void {
  // A no-op error handler, not none: Node's `ws` throws an unhandled error event when a socket
  // still connecting is closed with no handler left (browsers just fire it into the void).
  attachHandlers(socket, { error: () => undefined });
}
