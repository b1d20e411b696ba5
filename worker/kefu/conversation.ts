// The support conversation's pure steps (worker/kefu/transcript.ts): merging pages and events,
// receipts, the unread count, and the device copy shown before the server answers.
import type { KefuEvent, KefuHistory, KefuMessage } from '../../domain/kefu-types';
import { keepDated, loadDated } from '../shared/dated';
import { HISTORY_KEY, SAVED_MAX, type Call, type KefuDeps, type SavedHistory } from './types';

/** Stored messages with `incoming` added or replaced by id, ordered by id. */
export function merged(messages: readonly KefuMessage[], incoming: readonly KefuMessage[]): KefuMessage[] {
  const byId = new Map(messages.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Messages after a delivered or read receipt of `e.sender`'s messages up to `e.upTo`. */
export function withReceipt(
  messages: readonly KefuMessage[],
  e: Extract<KefuEvent, { type: 'receipt' }>,
): KefuMessage[] {
  return messages.map((m) =>
    m.sender !== e.sender || m.id > e.upTo
      ? m
      : {
          ...m,
          deliveredAt: m.deliveredAt ?? e.at,
          readAt: e.state === 'read' ? (m.readAt ?? e.at) : m.readAt,
        },
  );
}

/** Messages after this device read the operator's messages up to `upTo` at `at`. */
export function readUpTo(messages: readonly KefuMessage[], upTo: number, at: () => number): KefuMessage[] {
  return messages.map((m) =>
    m.sender === 'operator' && m.id <= upTo && m.readAt === null
      ? { ...m, readAt: at(), deliveredAt: m.deliveredAt ?? at() }
      : m,
  );
}

/** Operator messages not read yet. */
export const unreadOf = (messages: readonly KefuMessage[]): number =>
  messages.filter((m) => m.sender === 'operator' && m.readAt === null).length;

/** Tells the server the operator's messages reached this device (the "delivered" receipt). */
export function acknowledge(call: Call, messages: readonly KefuMessage[]): void {
  const newest = messages.filter((m) => m.sender === 'operator' && m.deliveredAt === null).at(-1);
  if (newest) void call('kefu/mark', { upTo: newest.id, state: 'delivered' });
}

/**
 * Keeps the conversation (its newest SAVED_MAX messages and the unread count) in the worker's dated
 * cache, as the user's private copy: gone at sign-out. Fails quietly (quota, private mode).
 */
export function keepHistory(deps: KefuDeps, row: SavedHistory): void {
  const data: KefuHistory = { messages: row.messages.slice(-SAVED_MAX), unread: row.unread };
  void keepDated(deps, HISTORY_KEY, row.userId, data, row.savedAt).catch(() => undefined);
}

/**
 * The saved conversation of the signed-in user, or null. A copy written before the dated cache
 * (the whole row under the public key, removed at sign-out by the module's `privateKeys`) still
 * reads; another user's is dropped.
 */
export async function savedHistory(deps: KefuDeps): Promise<SavedHistory | null> {
  const userId = deps.userId();
  const copy = userId === null ? null : await loadDated<KefuHistory>(deps, HISTORY_KEY, userId);
  if (userId === null || !copy) return legacyHistory(deps);
  const { data, savedAt } = copy;
  return Array.isArray(data?.messages)
    ? { userId, savedAt, messages: data.messages, unread: data.unread }
    : null;
}

/** The conversation as it was kept before the dated cache (`{userId, savedAt, messages, unread}`). */
async function legacyHistory(deps: KefuDeps): Promise<SavedHistory | null> {
  const row = await deps.get<SavedHistory | null>(HISTORY_KEY).catch(() => undefined);
  if (!row) return null;
  if (row.userId !== deps.userId()) {
    await deps.set(HISTORY_KEY, null).catch(() => undefined);
    return null;
  }
  return Array.isArray(row.messages) ? row : null;
}

/** A chat image as a `data:` URL, read once and kept in memory; null when it cannot be read. */
export function createImageCache(call: Call): (id: string) => Promise<string | null> {
  const images = new Map<string, string>();
  return async (id) => {
    const known = images.get(id);
    if (known) return known;
    const out = await call('kefu/image', { id });
    if (!out.ok) return null;
    const url = `data:${out.data.mime};base64,${out.data.data}`;
    images.set(id, url);
    return url;
  };
}
