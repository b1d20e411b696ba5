import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerAssetCache } from './asset-cache';

/** Shown at the base path when the app has not been built; the API keeps working. */
export const NOT_BUILT_NOTE =
  'The app is not built yet. Run `npm run build` (or `npm start`, which builds and starts), then restart the server.\n' +
  'The API is available under /api/ and the socket at /ws.\n';

/** Cache policy of the files @fastify/static serves (not assets/: asset-cache.ts): they must revalidate. */
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

/** Where the console is served (issue 26); its client routes live under it. */
export const CONSOLE_BASE = '/ops/';

/**
 * Serves the operator console's own build (`dist-ops/`, `vite.ops.config.ts`) under `/ops/`, with
 * the same security headers as the app (helmet is global). Content-hashed `assets/` are cached for a
 * year; everything else revalidates. A path that is no file (a client route such as
 * `/ops/queues/kyc`) answers the console's index.html. Without a build, `/ops/` answers 404.
 */
export async function registerStaticConsole(app: FastifyInstance, opsDir: string): Promise<void> {
  const indexFile = path.join(opsDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.info({ opsDir }, 'console build not found; /ops/ is not served');
    return;
  }
  const index = fs.readFileSync(indexFile);
  const sendIndex = (_req: unknown, reply: FastifyReply) =>
    reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index);
  await app.register(fastifyStatic, {
    root: opsDir,
    prefix: CONSOLE_BASE,
    // The app's registration decorates the reply already.
    decorateReply: false,
    // One route per built file, so every other path under /ops/ reaches the fallback below.
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders: (res, filePath) => {
      res.setHeader('Vary', 'Accept-Encoding');
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/ops', (_req, reply) => reply.redirect(CONSOLE_BASE));
  app.get(CONSOLE_BASE, sendIndex);
  // Client routes (not files: those have a route of their own above, and a missing asset stays 404).
  app.get(`${CONSOLE_BASE}*`, (req, reply) => {
    if (/^\/ops\/assets\//.test(req.url)) return reply.code(404).type('text/plain').send('Not found\n');
    return sendIndex(req, reply);
  });
}
