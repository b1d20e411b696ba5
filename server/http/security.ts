import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Inline `<script>` bodies of the built index.html, hashed for the CSP (the theme boot hint). */
export function inlineScriptHashes(distDir: string): string[] {
  let html: string;
  try {
    html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.push(`'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
  }
  return hashes;
}

/** The socket origins of the host a page was loaded from (CSP `connect-src`). */
function socketOrigins(request: FastifyRequest): string {
  const host = request.headers.host;
  // A Host header is one authority; anything else would be a header injection, so fall back to 'self'.
  if (!host || !/^[A-Za-z0-9.\-[\]:]+$/.test(host)) return '';
  return `ws://${host} wss://${host}`;
}

/**
 * Headers that only mean something on a document or a worker's own script: the page's policy
 * (CSP), framing, the opener, the referrer of the page's requests, agent clustering and old
 * browsers' document switches. On a hashed script or stylesheet they do nothing, and on HTTP/1.1
 * they cost about 850 bytes of every such response: more than many of the files themselves, and
 * about 13 KB of a first visit's critical requests. API replies drop them too (`registerApiHeaders`).
 * nosniff, Cross-Origin-Resource-Policy and the cache headers stay.
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

/** What the security layer needs to know. */
export interface SecurityOptions {
  distDir: string;
  /** Origins (such as `https://stream.example.com`) the live page may play media from. */
  mediaOrigins?: readonly string[];
}

/**
 * Security headers on every response (@fastify/helmet). The Content-Security-Policy allows scripts from this origin only, plus the
 * hash of the inline theme boot script; connections to the API and socket of the same host; no
 * plugins, no framing, no foreign base URL. Styles allow 'unsafe-inline' because the toast library
 * injects its stylesheet at run time; no script can be injected that way. HSTS is sent only on
 * HTTPS requests (directly or, with TRUST_PROXY, behind a proxy that terminated TLS), so a plain
 * HTTP deployment on a LAN is not locked out. Hashed scripts and stylesheets other than a worker's
 * (asset-cache.ts) and API replies (`registerApiHeaders`) answer without the document-only headers.
 */
export async function registerSecurity(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  const scriptHashes = inlineScriptHashes(options.distDir);
  const media = options.mediaOrigins ?? [];
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        // Media origins too: hls.js fetches playlists and segments before the video element plays them.
        connectSrc: ["'self'", (req) => socketOrigins(req as unknown as FastifyRequest), ...media],
        mediaSrc: ["'self'", 'blob:', ...media],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    // Same-origin by default would also stop the app's own icons from being shown in an installed
    // app's share sheet; nothing here is meant to be embedded elsewhere either way.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });
}

/**
 * The policy of an API reply. JSON is never rendered as a page by the app, so the document's policy
 * (about 1 KB with its siblings, on every reply of a weak link) is replaced by one that lets a reply
 * opened as a page load and run nothing, and not be framed.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Security headers of the API routes' plugin scope: the document-only headers helmet set for every
 * response give way to `API_CSP`. nosniff, Cross-Origin-Resource-Policy and HSTS stay.
 */
export function registerApiHeaders(api: FastifyInstance): void {
  api.addHook('onRequest', async (_request, reply) => {
    for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
    reply.header('content-security-policy', API_CSP);
  });
}

/**
 * Compression of API replies, registered inside the API routes' own plugin scope: the built app's
 * files are precompressed on disk (`npm run build`) and must not be compressed again per request.
 */
export async function registerApiCompression(api: FastifyInstance): Promise<void> {
  await api.register(compress, {
    global: true,
    // Small replies (an order, a settings object) are sent as they are: compressing them costs more
    // than it saves. The built app's files come precompressed from disk and are left alone.
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 4: most of brotli's gain on JSON at a fraction of the CPU of its default 11.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
