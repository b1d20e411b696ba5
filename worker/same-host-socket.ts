import { socketUrl } from '../domain';
import { attachHandlers, messageText, type WebSocketCtor, type WebSocketLike } from './web-socket';

/** The page location fields the helper reads (a `Location` or `WorkerLocation` fits). */
export interface HostLocation {
  /** `http:` or `https:`; https pages get `wss:`. */
  protocol: string;
  hostname: string;
  /** Empty for the scheme's default port. */
  port: string;
}

/** Options of the same-host socket helper (spec §7). */
export interface SameHostSocketOptions {
  /** The helper is disabled by default (spec §7): it opens nothing unless this is exactly true. */
  enabled?: boolean;
  location: HostLocation;
  WebSocket: WebSocketCtor;
  /** Sent once the socket opens, each as its own JSON text frame, in order. */
  messages: readonly unknown[];
  /** Receives each message: parsed JSON when the text is JSON, otherwise the text itself. */
  onData: (data: unknown) => void;
}

/** An open same-host socket. */
export interface SameHostSocket {
  readonly url: string;
  close(): void;
}

/** The URL of the page's own host with the matching scheme and no path; default ports omitted. */
export function sameHostUrl(location: HostLocation): string {
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return socketUrl(protocol, location.hostname, location.port, '');
}

/**
 * Opens a socket to the page's own host (spec §7's optional helper). Returns null when disabled.
 * It does not reconnect: it is a one-shot helper, unlike the main socket client.
 */
export function openSameHostSocket(options: SameHostSocketOptions): SameHostSocket | null {
  if (options.enabled !== true) return null;
  const url = sameHostUrl(options.location);
  const socket: WebSocketLike = new options.WebSocket(url);
  attachHandlers(socket, {
    open: () => {
      for (const message of options.messages) socket.send(JSON.stringify(message));
    },
    message: (event) => {
      const text = messageText(event.data);
      if (text === null) return;
      let data: unknown = text;
      try {
        data = JSON.parse(text) as unknown;
      } catch {
        // Not JSON: the callback gets the text as it came.
      }
      try {
        options.onData(data);
      } catch {
        // The caller's bug must not kill the socket.
      }
    },
  });
  return { url, close: () => socket.close() };
}
