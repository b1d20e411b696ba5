import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EndpointName } from '../../domain';

/**
 * How long a public market answer may be reused, in seconds, by endpoint; each fits the data's
 * update rate. The catalog changes with a deployment; tickers are republished every second; the
 * newest candles move every second while a page of older candles (`before` given) is final.
 * Everything else, and every private answer, is `no-store`.
 */
export const PUBLIC_MAX_AGE: Partial<Record<EndpointName, (input: Record<string, unknown>) => number>> = {
  'market/catalog': () => 60,
  'market/tickers': () => 1,
  'market/candles': (input) => (input.before !== undefined && input.before !== '' ? 3_600 : 1),
};

/** A weak validator of a serialized body. */
export function etagOf(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

/** Whether an If-None-Match header names `etag` (or `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag));
}

/**
 * Sends a public answer with its ETag and Cache-Control, or `304 Not Modified` when the client's
 * copy is current. Returns what the route handler should return.
 */
export function sendPublic(
  request: FastifyRequest,
  reply: FastifyReply,
  maxAgeSeconds: number,
  payload: unknown,
): string {
  const body = JSON.stringify(payload);
  const etag = etagOf(body);
  // `public` lets a CDN share it; stale-while-revalidate keeps a list on screen while it refreshes.
  reply.header(
    'cache-control',
    `public, max-age=${maxAgeSeconds}, stale-while-revalidate=${maxAgeSeconds * 5}`,
  );
  reply.header('etag', etag);
  reply.type('application/json; charset=utf-8');
  if (matchesEtag(request.headers['if-none-match'], etag)) {
    reply.code(304);
    return '';
  }
  return body;
}
