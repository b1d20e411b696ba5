import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DOCUMENT_ONLY_HEADERS } from './security';

/** A content-hashed file of the build, in each encoding `npm run build` wrote for it. */
interface Asset {
  type: string;
  plain: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
}

/** Content types of what Vite writes to assets/; anything else is sent as bytes. */
const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** A file name as Vite writes it: no folder, no dot-dot, nothing to escape the assets folder with. */
const FILE_NAME = /^[\w~.@-]+$/;

/**
 * The encodings a client takes, from its Accept-Encoding (`br;q=0` refuses brotli; `*` takes any).
 * Exported for tests.
 */
export function acceptedEncodings(header: string | undefined): { br: boolean; gzip: boolean } {
  const q = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const takes = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  return { br: takes('br'), gzip: takes('gzip') };
}

/**
 * File names of the worker scripts the built index.html starts (`new Worker("…/assets/x.js")`,
 * build/start-worker-early): a worker takes its Content-Security-Policy from its own script's
 * response, so those keep every header.
 */
function workerScripts(distDir: string): Set<string> {
  let html = '';
  try {
    html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  } catch {
    return new Set();
  }
  return new Set([...html.matchAll(/new Worker\(\s*["'][^"']*\/([^/"']+)["']/g)].map((m) => m[1]!));
}

async function readOptional(file: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(file);
  } catch {
    return null;
  }
}

/**
 * Serves the build's content-hashed files (`assets/`) from memory. A first visit asks for about 15
 * of them at once; from disk each answer took 1.5–2 ms of the event loop (stat, open, stream), so
 * the last of a burst waited 15–25 ms on an idle server. A file is read once, with its brotli and gzip
 * copies, on its first request: the build is finite (a few MB) and never changes while the server
 * runs. The other files (index.html, sw.js, the manifest, icons) stay with @fastify/static. Hashed
 * files other than a worker's script answer without the document-only headers.
 */
export function registerAssetCache(app: FastifyInstance, distDir: string, basePath: string): void {
  const dir = path.join(distDir, 'assets');
  const cache = new Map<string, Promise<Asset | null>>();
  const workers = workerScripts(distDir);

  const load = (name: string): Promise<Asset | null> => {
    let hit = cache.get(name);
    if (!hit) {
      const file = path.join(dir, name);
      hit = readOptional(file).then(async (plain) =>
        plain
          ? {
              type: TYPES[path.extname(name)] ?? 'application/octet-stream',
              plain,
              br: await readOptional(`${file}.br`),
              gzip: await readOptional(`${file}.gz`),
            }
          : null,
      );
      // A missing file is not remembered: the cache holds only what the build wrote.
      void hit.then((a) => a ?? cache.delete(name));
      cache.set(name, hit);
    }
    return hit;
  };

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const name = (request.params as { '*': string })['*'];
    const asset = FILE_NAME.test(name) && !name.startsWith('.') ? await load(name) : null;
    if (!asset) return reply.callNotFound();
    const accepts = acceptedEncodings(request.headers['accept-encoding']);
    const [body, encoding] =
      accepts.br && asset.br
        ? [asset.br, 'br']
        : accepts.gzip && asset.gzip
          ? [asset.gzip, 'gzip']
          : [asset.plain, null];
    reply
      .type(asset.type)
      // The same URL is answered in brotli, gzip or plain: shared caches must key by Accept-Encoding.
      .header('vary', 'Accept-Encoding')
      // Vite puts content-hashed files in assets/, so a name never changes meaning.
      .header('cache-control', 'public, max-age=31536000, immutable');
    if (encoding) reply.header('content-encoding', encoding);
    // Set by the security layer for every response; a worker's script keeps them.
    if (!workers.has(name)) for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
    return reply.send(body);
  };

  // More specific than @fastify/static's `${basePath}*`, so these URLs come here.
  app.get(`${basePath}assets/*`, serve);
}
