import net from 'node:net';
import type { BrowserContext } from 'playwright-core';

/**
 * A TCP link between the browser and a test server that can be cut, as a phone loses its signal.
 *
 * `context.setOffline` alone is not enough offline for the app: Chromium applies it to the page and
 * the service worker, but not reliably to a dedicated worker's requests and WebSocket, so the app's
 * worker could still reach the server "offline" and rightly report it reachable. Cutting the link
 * makes every connection fail, whoever opens it; `setOffline` still flips `navigator.onLine` and
 * the `offline` event the page listens to.
 */
export interface NetworkLink {
  /** Such as `http://127.0.0.1:41234`: open the app here instead of at the server's origin. */
  origin: string;
  /** Connections refused (or cut) while the link was down. */
  refused(): number;
  /** Cuts or restores the link (open connections are cut at once) and the context's online flag. */
  set(context: BrowserContext | null, online: boolean): Promise<void>;
  close(): Promise<void>;
}

/** Opens a link on a free local port that forwards to `origin` (an `http://host:port` URL). */
export async function openNetworkLink(origin: string): Promise<NetworkLink> {
  const target = new URL(origin);
  const open = new Set<net.Socket>();
  let up = true;
  let refused = 0;
  const server = net.createServer((client) => {
    if (!up) {
      refused++;
      client.destroy();
      return;
    }
    const server = net.connect(Number(target.port), target.hostname);
    const pair = [client, server];
    for (const socket of pair) {
      open.add(socket);
      socket.on('error', () => pair.forEach((s) => s.destroy()));
      socket.on('close', () => {
        open.delete(socket);
        pair.forEach((s) => s.destroy());
      });
    }
    client.pipe(server);
    server.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    refused: () => refused,
    async set(context, online) {
      up = online;
      if (!online) for (const socket of open) socket.destroy();
      await context?.setOffline(!online);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
