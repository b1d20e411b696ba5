// The support chat's shapes, limits and the outbox item a draft becomes (worker/kefu/chat.ts).
import type { ErrorKey, Outcome } from '../../domain';
import type { KefuMessage } from '../../domain/kefu-types';
import { KEFU_IMAGE_MAX_BYTES, KEFU_TEXT_MAX } from '../../domain/kefu-types';
import type { ContentEndpoints } from '../../domain/content-endpoints';
import { KV } from '../store-keys';

/** A message typed on this device that the server has not stored yet. */
export interface PendingMessage {
  clientId: string;
  text: string;
  /** `data:` URL of an image message, for showing it before it is sent. */
  image: string | null;
  /** Milliseconds since the epoch, when it was typed. */
  createdAt: number;
  /** Why the server refused it (it will not be sent again); null while it waits. */
  failed: ErrorKey | null;
}

/** What the chat page shows. */
export interface KefuView {
  /** Stored messages, oldest first. */
  messages: KefuMessage[];
  /** Typed here, not stored yet, in the order they will be sent. */
  pending: PendingMessage[];
  /** Operator messages not read yet. */
  unread: number;
  /** The conversation was read from the server at least once since the page opened. */
  loaded: boolean;
  /** The last read of the conversation failed (offline); what is shown may be old. */
  stale: boolean;
  /** When the shown conversation was saved on the device, while it is not confirmed live; else null. */
  savedAt: number | null;
  /** Older messages may exist on the server (the oldest page read was full). */
  hasOlder: boolean;
}

/**
 * The conversation as last read, restored from the device for an offline first render (the dated
 * cache keeps `{messages, unread}`; rows written before it kept this whole shape).
 */
export interface SavedHistory {
  userId: number;
  savedAt: number;
  messages: KefuMessage[];
  unread: number;
}

/** A message being typed. */
export interface KefuDraft {
  text?: string;
  image?: Blob;
}

export interface OutboxItem {
  userId: number;
  clientId: string;
  text: string;
  mime: string | null;
  data: string | null;
  createdAt: number;
  failed: ErrorKey | null;
}

export type Call = <K extends keyof ContentEndpoints>(
  name: K,
  req: ContentEndpoints[K]['req'],
) => Promise<Outcome<ContentEndpoints[K]['res']>>;

/** What the chat needs from the core. */
export interface KefuDeps {
  call: Call;
  subscribe(channel: string, listener: (data: unknown) => void): number;
  unsubscribe(id: number): void;
  /** Calls `listener` on each socket state change; the chat flushes its outbox on `open`. */
  onSocketState(listener: (state: string) => void): void;
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  /** The signed-in user's id, or null. */
  userId(): number | null;
  now?: () => number;
  /** A new client id (random). */
  newId?: () => string;
}

/** Key of the outbox in the `kv` table. */
export const OUTBOX_KEY = KV.kefuOutbox;
/**
 * Key of the saved conversation in the dated cache (worker/shared/dated: private, gone at sign-out).
 * Before that cache the same key held the row outside the private prefix; it is still read, and
 * removed at sign-out (the module's `privateKeys`).
 */
export const HISTORY_KEY = KV.kefuHistory;
/** Messages kept on the device for an offline first render. */
export const SAVED_MAX = 100;
/** Messages per history read. */
export const PAGE = 50;
/** Failures after which a message waits for the next reconnect instead of being refused. */
export const TRANSIENT: readonly (ErrorKey | undefined)[] = [
  'offline',
  'timeout',
  'rateLimited',
  'serverFault',
];
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The outbox item of a draft, or why it is refused at once (what the server would refuse). */
export async function draftItem(
  draft: KefuDraft,
  userId: number,
  newId: () => string,
  now: () => number,
): Promise<OutboxItem | Extract<Outcome<null>, { ok: false }>> {
  if (draft.image) {
    if (!IMAGE_TYPES.includes(draft.image.type))
      return { ok: false, intent: 'message', messageKey: 'uploadType' };
    if (draft.image.size > KEFU_IMAGE_MAX_BYTES) {
      return { ok: false, intent: 'message', messageKey: 'uploadTooLarge' };
    }
    const data = await base64Of(draft.image);
    return {
      userId,
      clientId: newId(),
      text: '',
      mime: draft.image.type,
      data,
      createdAt: now(),
      failed: null,
    };
  } else {
    const text = (draft.text ?? '').trim();
    if (!text) return { ok: false, intent: 'message', messageKey: 'kefuEmpty' };
    if ([...text].length > KEFU_TEXT_MAX) return { ok: false, intent: 'message', messageKey: 'kefuTooLong' };
    return { userId, clientId: newId(), text, mime: null, data: null, createdAt: now(), failed: null };
  }
}
