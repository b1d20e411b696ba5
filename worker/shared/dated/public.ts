// Public terms and states a page cannot render without (contract terms, option terms, the live
// stream), kept on the device like the catalog, so after one visit those pages render offline,
// dated, instead of waiting for an answer that cannot come. Public: shared by every account on the
// device and kept across sign-outs (nothing private may be listed here).
import type { EndpointName, Outcome, Req, Res } from '../../../domain';
import type { DeviceStore } from '../../store';
import { keepDated, loadDated } from './kv';
import { requestText, type Dated, type DatedOutcome } from './reads';

/** Public endpoints whose last ok answer is kept on the device. */
export const PUBLIC_READS = [
  'lever/config',
  'second/terms',
  'zhibo/current',
  // The IEO projects and one project: the list and detail render offline, dated.
  'ieo/projects',
  'ieo/project',
  // Lock-up products and terms (/pages/lockming/index).
  'lockming/products',
  'lockming/terms',
] as const satisfies readonly EndpointName[];

/** An endpoint whose answer is kept (see {@link PUBLIC_READS}). */
export type PublicRead = (typeof PUBLIC_READS)[number];

/** Whether the answer of `name` is kept as a public read. */
export const isPublicRead = (name: string): name is PublicRead =>
  (PUBLIC_READS as readonly string[]).includes(name);

/** The `kv` key of a request (see requestText). */
export function publicKey(name: string, req: unknown): string {
  return `public:${name}|${requestText(req)}`;
}

/** Keeps an ok answer; a store that cannot be written only costs the next offline visit. */
export async function savePublic(
  store: DeviceStore,
  name: string,
  req: unknown,
  data: unknown,
  at: number,
): Promise<void> {
  if (!isPublicRead(name)) return;
  await keepDated(store, publicKey(name, req), null, data, at).catch(() => undefined);
}

/** The kept answer of `name`, dated, or null. */
export async function loadPublic<K extends PublicRead>(
  store: DeviceStore,
  name: K,
  req: Req<K>,
): Promise<Dated<Res<K>> | null> {
  const copy = await loadDated<Res<K>>(store, publicKey(name, req), null);
  return copy && { ...copy, source: 'cache' };
}

/**
 * The server's answer of a public read, else — only when the server was not reached (offline,
 * timeout) — the kept copy, dated; else the failure. Any answer the server gives is the truth.
 */
export async function readPublic<K extends PublicRead>(
  store: DeviceStore,
  name: K,
  req: Req<K>,
  call: (name: K, req: Req<K>) => Promise<Outcome<Res<K>>>,
): Promise<DatedOutcome<Res<K>>> {
  const outcome = await call(name, req);
  if (outcome.ok) return { ok: true, data: outcome.data, savedAt: Date.now(), source: 'live' };
  const unreached = outcome.messageKey === 'offline' || outcome.messageKey === 'timeout';
  const cached = unreached ? await loadPublic(store, name, req) : null;
  return cached ? { ok: true, ...cached } : outcome;
}
