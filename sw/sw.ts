/// <reference lib="webworker" />
// Service worker: precaches the app shell (every page and locale chunk) so the app opens offline,
// and nothing else. API replies, the socket, uploads and any other private response are never cached:
// they go straight to the network because no route here matches them.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

/** Paths that must always reach the server, even when they look like a navigation. */
const NETWORK_ONLY = [/\/api\//, /\/ws(\/|$)/, /\/uploads\//, /\/address\//];

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// A hash-routed app has one document: any navigation inside the scope opens the precached shell,
// so an offline launch shows the app (with its offline state) instead of the browser's error page.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NETWORK_ONLY }));

// The page asks for this after the user accepted the update prompt (src/pwa).
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});
