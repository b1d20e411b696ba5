// The support chat as the worker keeps it: the conversation from the server, live events from the
// private `kefu` channel, and an outbox on the device. A message typed offline waits in the outbox
// (IndexedDB) and is sent when the socket is back, in order, with the client id chosen when it was
// typed, so a resend after a lost reply is stored once by the server (no duplicate, no loss).
import type { ErrorKey, Outcome } from '../../domain';
import type { KefuEvent, KefuMessage } from '../../domain/kefu-types';
import { KEFU_CHANNEL, KEFU_IMAGE_MAX_BYTES, KEFU_TEXT_MAX } from '../../domain/kefu-types';
import type { ContentEndpoints } from '../../domain/content-endpoints';
import { notify } from '../notify';
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

/** The conversation as last read, kept on the device for an offline first render. */
interface SavedHistory {
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

interface OutboxItem {
  userId: number;
  clientId: string;
  text: string;
  mime: string | null;
  data: string | null;
  createdAt: number;
  failed: ErrorKey | null;
}

type Call = <K extends keyof ContentEndpoints>(
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
/** Key of the saved conversation in the `kv` table (one user's; removed at sign-out by the core). */
export const HISTORY_KEY = KV.kefuHistory;
/** Messages kept on the device for an offline first render. */
const SAVED_MAX = 100;
/** Messages per history read. */
const PAGE = 50;
/** Failures after which a message waits for the next reconnect instead of being refused. */
const TRANSIENT: readonly (ErrorKey | undefined)[] = ['offline', 'timeout', 'rateLimited', 'serverFault'];
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The chat of the signed-in user; one per core. */
export function createKefuChat(deps: KefuDeps) {
  const now = deps.now ?? Date.now;
  const newId = deps.newId ?? randomId;
  const viewers = new Map<number, (view: KefuView) => void>();
  const unreadListeners = new Map<number, (count: number) => void>();
  let nextId = 1;
  let channelId: number | null = null;
  let messages: KefuMessage[] = [];
  let unread = 0;
  let loaded = false;
  let stale = false;
  let savedAt: number | null = null;
  let hasOlder = false;
  let outbox: OutboxItem[] | null = null;
  let flushing: Promise<void> | null = null;
  let forUser: number | null = null;
  const images = new Map<string, string>();

  const mine = (): OutboxItem[] => (outbox ?? []).filter((i) => i.userId === deps.userId());
  const view = (): KefuView => ({
    messages,
    pending: mine().map((i) => ({
      clientId: i.clientId,
      text: i.text,
      image: i.data && i.mime ? `data:${i.mime};base64,${i.data}` : null,
      createdAt: i.createdAt,
      failed: i.failed,
    })),
    unread,
    loaded,
    stale,
    savedAt: loaded && !stale ? null : savedAt,
    hasOlder,
  });
  const emit = () => {
    const v = view();
    for (const l of viewers.values()) notify(l, v);
    for (const l of unreadListeners.values()) notify(l, unread);
  };

  /** Forgets the conversation of a user who signed out (or another who signed in). */
  const checkUser = () => {
    const u = deps.userId();
    if (u === forUser) return;
    forUser = u;
    messages = [];
    unread = 0;
    loaded = false;
    stale = false;
    savedAt = null;
  };

  /** Keeps the conversation on the device; fails quietly (quota, private mode). */
  const saveHistory = () => {
    const userId = deps.userId();
    if (userId === null) return;
    savedAt = now();
    const row: SavedHistory = { userId, savedAt, messages: messages.slice(-SAVED_MAX), unread };
    void deps.set(HISTORY_KEY, row).catch(() => undefined);
  };

  /** The saved conversation of this user, shown until the server answers; another user's is dropped. */
  const loadHistory = async () => {
    const userId = deps.userId();
    const row = await deps.get<SavedHistory | null>(HISTORY_KEY).catch(() => undefined);
    if (!row) return;
    if (row.userId !== userId) {
      await deps.set(HISTORY_KEY, null).catch(() => undefined);
      return;
    }
    if (messages.length === 0 && Array.isArray(row.messages)) {
      messages = row.messages;
      unread = row.unread;
      savedAt = row.savedAt;
    }
  };

  const loadOutbox = async (): Promise<OutboxItem[]> => {
    outbox ??= ((await deps.get<OutboxItem[]>(OUTBOX_KEY)) ?? []).filter(
      (i) => typeof i?.clientId === 'string',
    );
    return outbox;
  };
  const saveOutbox = () => deps.set(OUTBOX_KEY, outbox ?? []).catch(() => undefined);

  /** Adds or replaces stored messages by id, keeping the list ordered. */
  const merge = (incoming: readonly KefuMessage[]) => {
    const byId = new Map(messages.map((m) => [m.id, m]));
    for (const m of incoming) byId.set(m.id, m);
    messages = [...byId.values()].sort((a, b) => a.id - b.id);
  };

  /** Tells the server the operator's messages reached this device (the "delivered" receipt). */
  const acknowledge = () => {
    const newest = messages.filter((m) => m.sender === 'operator' && m.deliveredAt === null).at(-1);
    if (newest) void deps.call('kefu/mark', { upTo: newest.id, state: 'delivered' });
  };

  const onEvent = (data: unknown) => {
    const e = data as KefuEvent;
    if (e?.type === 'message') {
      merge([e.message]);
      // Sent from this device: it is stored now, so it leaves the outbox.
      if (outbox && e.message.clientId && e.message.sender === 'user') {
        const before = outbox.length;
        outbox = outbox.filter((i) => i.clientId !== e.message.clientId);
        if (outbox.length !== before) void saveOutbox();
      }
      if (e.message.sender === 'operator') {
        unread += 1;
        acknowledge();
      }
      saveHistory();
    } else if (e?.type === 'receipt') {
      messages = messages.map((m) =>
        m.sender !== e.sender || m.id > e.upTo
          ? m
          : {
              ...m,
              deliveredAt: m.deliveredAt ?? e.at,
              readAt: e.state === 'read' ? (m.readAt ?? e.at) : m.readAt,
            },
      );
      if (e.sender === 'operator' && e.state === 'read') {
        unread = messages.filter((m) => m.sender === 'operator' && m.readAt === null).length;
      }
    } else return;
    emit();
  };

  const listening = () => viewers.size + unreadListeners.size > 0;
  const ensureChannel = () => {
    if (listening() && deps.userId() !== null && channelId === null) {
      channelId = deps.subscribe(KEFU_CHANNEL, onEvent);
    } else if ((!listening() || deps.userId() === null) && channelId !== null) {
      deps.unsubscribe(channelId);
      channelId = null;
    }
  };

  /** Reads the newest page of the conversation. */
  const refresh = async (): Promise<void> => {
    checkUser();
    if (deps.userId() === null) return;
    const out = await deps.call('kefu/history', { limit: PAGE });
    if (out.ok) {
      if (!loaded) hasOlder = out.data.messages.length >= PAGE;
      merge(out.data.messages);
      unread = out.data.unread;
      loaded = true;
      stale = false;
      saveHistory();
      acknowledge();
    } else stale = true;
    emit();
  };

  /** Sends what waits in the outbox, in order; stops at the first failure that may pass. */
  const flush = (): Promise<void> =>
    (flushing ??= (async () => {
      try {
        await loadOutbox();
        for (const item of mine()) {
          if (item.failed) continue;
          const out = await deps.call('kefu/send', {
            clientId: item.clientId,
            ...(item.data && item.mime ? { mime: item.mime, data: item.data } : { text: item.text }),
          });
          if (out.ok) {
            merge([out.data]);
            outbox = (outbox ?? []).filter((i) => i.clientId !== item.clientId);
          } else if (
            out.intent === 'login' ||
            out.intent === 'serverFault' ||
            TRANSIENT.includes(out.messageKey)
          ) {
            break;
          } else {
            item.failed = out.messageKey ?? 'badRequest';
          }
          await saveOutbox();
          emit();
        }
      } finally {
        flushing = null;
      }
    })());

  deps.onSocketState((state) => {
    if (state !== 'open') return;
    void flush().then(() => (viewers.size > 0 ? refresh() : undefined));
  });

  return {
    async watch(listener: (view: KefuView) => void): Promise<number> {
      checkUser();
      const id = nextId++;
      viewers.set(id, listener);
      ensureChannel();
      await loadOutbox();
      await loadHistory();
      notify(listener, view());
      void refresh().then(() => flush());
      return id;
    },
    async watchUnread(listener: (count: number) => void): Promise<number> {
      checkUser();
      const id = nextId++;
      unreadListeners.set(id, listener);
      ensureChannel();
      if (deps.userId() !== null) {
        const out = await deps.call('kefu/unread', {});
        if (out.ok) unread = out.data.count;
        // Messages typed before the app was closed leave with the first badge, not only the chat page.
        void flush();
      }
      notify(listener, deps.userId() === null ? 0 : unread);
      return id;
    },
    unwatch(id: number): boolean {
      const had = viewers.delete(id) || unreadListeners.delete(id);
      ensureChannel();
      return had;
    },
    /** Queues a message and tries to send it; refuses at once what the server would refuse. */
    async send(draft: KefuDraft): Promise<Outcome<null>> {
      const userId = deps.userId();
      if (userId === null) return { ok: false, intent: 'login', messageKey: 'sessionInvalid' };
      let item: OutboxItem;
      if (draft.image) {
        if (!IMAGE_TYPES.includes(draft.image.type))
          return { ok: false, intent: 'message', messageKey: 'uploadType' };
        if (draft.image.size > KEFU_IMAGE_MAX_BYTES) {
          return { ok: false, intent: 'message', messageKey: 'uploadTooLarge' };
        }
        const data = await base64Of(draft.image);
        item = {
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
        if ([...text].length > KEFU_TEXT_MAX)
          return { ok: false, intent: 'message', messageKey: 'kefuTooLong' };
        item = { userId, clientId: newId(), text, mime: null, data: null, createdAt: now(), failed: null };
      }
      await loadOutbox();
      outbox = [...(outbox ?? []), item];
      await saveOutbox();
      emit();
      void flush();
      return { ok: true, data: null };
    },
    /** Drops a refused message from the outbox. */
    async discard(clientId: string): Promise<void> {
      await loadOutbox();
      outbox = (outbox ?? []).filter((i) => i.clientId !== clientId);
      await saveOutbox();
      emit();
    },
    /** Marks the operator's messages up to `upTo` as read (the page is showing them). */
    async markRead(upTo: number): Promise<void> {
      const out = await deps.call('kefu/mark', { upTo, state: 'read' });
      if (!out.ok) return;
      messages = messages.map((m) =>
        m.sender === 'operator' && m.id <= upTo && m.readAt === null
          ? { ...m, readAt: now(), deliveredAt: m.deliveredAt ?? now() }
          : m,
      );
      unread = messages.filter((m) => m.sender === 'operator' && m.readAt === null).length;
      emit();
    },
    /** Reads the page before the oldest message shown. */
    async older(): Promise<void> {
      const oldest = messages[0]?.id;
      if (oldest === undefined) return;
      const out = await deps.call('kefu/history', { before: oldest, limit: PAGE });
      if (!out.ok) return;
      merge(out.data.messages);
      hasOlder = out.data.messages.length >= PAGE;
      emit();
    },
    /** Pull-to-refresh: sends what waits, then reads the conversation again. */
    async refresh(): Promise<void> {
      await flush();
      await refresh();
    },
    /** A chat image as a `data:` URL (kept in memory), or null. */
    async image(id: string): Promise<string | null> {
      const known = images.get(id);
      if (known) return known;
      const out = await deps.call('kefu/image', { id });
      if (!out.ok) return null;
      const url = `data:${out.data.mime};base64,${out.data.data}`;
      images.set(id, url);
      return url;
    },
    flush,
  };
}

/** The chat of one core. */
export type KefuChat = ReturnType<typeof createKefuChat>;
