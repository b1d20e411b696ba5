import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerAssetCache } from './asset-cache';

/** Shown at the base path when the app has not been built; the API keeps working. */
export const NOT_BUILT_NOTE =
  'The app is not built yet. Run `npm run build` (or `npm start`, which builds and starts), then restart the server.\n' +
  'The API is available under /api/ and the socket at /ws.\n';

/**
 * Headers that only mean something on a document or a worker's own script: the page's policy
 * (CSP), framing, the opener, the referrer of the page's requests, agent clustering and old
 * browsers' document switches. On a hashed script or stylesheet they do nothing, and on HTTP/1.1
 * they cost about 850 bytes of every such response: more than many of the files themselves, and
 * about 13 KB of a first visit's critical requests. nosniff, Cross-Origin-Resource-Policy and the
 * cache headers stay.
 */
export const DOCUMENT_ONLY_HEADERS: readonly string[] = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * URLs of the worker scripts the built index.html starts (`new Worker("…")`, build/start-worker-early):
 * a worker takes its Content-Security-Policy from its own script's response, so those keep every
 * header.
 */
export function workerScripts(distDir: string): Set<string> {
  let html = '';
  try {
    html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  } catch {
    return new Set();
  }
  return new Set([...html.matchAll(/new Worker\(\s*["']([^"']+)["']/g)].map((m) => m[1]!));
}

/** Cache policy per built file: shell files must revalidate, hashed assets never change. */
function setCacheHeaders(
  res: { setHeader(name: string, value: string): unknown },
  filePath: string,
  basePath: string,
): void {
  const name = path.basename(filePath);
  // The same URL may be answered in brotli, gzip or plain (preCompressed): shared caches must key
  // their copies by Accept-Encoding.
  res.setHeader('Vary', 'Accept-Encoding');
  if (name === 'sw.js') {
    res.setHeader('Cache-Control', 'no-cache');
    // Lets the worker control the whole base path even if the build puts the script elsewhere.
    res.setHeader('Service-Worker-Allowed', basePath);
  } else if (filePath.split(path.sep).includes('assets')) {
    // Vite puts content-hashed files in assets/, so a name never changes meaning.
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  } else {
    res.setHeader('Cache-Control', 'no-cache');
  }
}

/**
 * Serves the built app from `distDir` under `basePath` and redirects `/` there. Without a build,
 * the base path answers with a short note for the operator instead.
 */
export async function registerStaticApp(
  app: FastifyInstance,
  distDir: string,
  basePath: string,
): Promise<void> {
  const bare = basePath.replace(/\/$/, '');
  if (basePath !== '/') app.get('/', (_req, reply) => reply.redirect(basePath));

  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'app build not found; serving a note at the base path');
    const note = (_req: unknown, reply: FastifyReply) =>
      reply
        .code(200)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(NOT_BUILT_NOTE);
    app.get(basePath, note);
    if (bare !== '') app.get(bare, (_req, reply) => reply.redirect(basePath));
    return;
  }

  // Hashed subresources (not a worker's script) answer without the document-only headers.
  const assets = `${basePath}assets/`;
  const workers = workerScripts(distDir);
  app.addHook('onSend', async (request, reply) => {
    const url = request.url.split('?')[0]!;
    if (!url.startsWith(assets) || workers.has(url)) return;
    for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
  });
  registerAssetCache(app, distDir, basePath);

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: basePath,
    index: ['index.html'],
    // Answers `/h5` with a redirect to `/h5/`, so relative asset URLs resolve.
    redirect: true,
    // The SPA uses hash routing, so unknown paths are real 404s, not index.html.
    wildcard: true,
    cacheControl: false,
    // `npm run build` writes .br and .gz copies; the best one the client accepts is sent, with
    // Content-Encoding and Vary: Accept-Encoding, and the plain file for clients that accept neither.
    preCompressed: true,
    setHeaders: (res, filePath) => setCacheHeaders(res, filePath, basePath),
  });
}
