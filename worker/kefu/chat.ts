// The support chat as the worker keeps it: the conversation from the server, live events from the
// private `kefu` channel, and an outbox on the device. A message typed offline waits in the outbox
// (IndexedDB) and is sent when the socket is back, in order, with the client id chosen when it was
// typed, so a resend after a lost reply is stored once by the server (no duplicate, no loss).
import type { Outcome } from '../../domain';
import type { KefuEvent, KefuMessage } from '../../domain/kefu-types';
import { KEFU_CHANNEL } from '../../domain/kefu-types';
import { notify } from '../notify';
import {
  acknowledge,
  createImageCache,
  keepHistory,
  merged,
  readUpTo,
  savedHistory,
  unreadOf,
  withReceipt,
} from './conversation';
import { createOutbox } from './outbox';
import { PAGE, draftItem, randomId, type KefuDeps, type KefuDraft, type KefuView } from './types';

export {
  HISTORY_KEY,
  OUTBOX_KEY,
  type KefuDeps,
  type KefuDraft,
  type KefuView,
  type PendingMessage,
} from './types';

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
  let forUser: number | null = null;

  const view = (): KefuView => ({
    messages,
    pending: outbox.mine().map((i) => ({
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

  const saveHistory = () => {
    const userId = deps.userId();
    if (userId === null) return;
    savedAt = now();
    keepHistory(deps, { userId, savedAt, messages, unread });
  };
  /** The saved conversation of this user, shown until the server answers. */
  const loadHistory = async () => {
    const row = await savedHistory(deps);
    if (row && messages.length === 0) ({ messages, unread, savedAt } = row);
  };
  const merge = (incoming: readonly KefuMessage[]) => {
    messages = merged(messages, incoming);
  };
  const acknowledgeAll = () => acknowledge(deps.call, messages);

  const outbox = createOutbox(deps, { stored: (m) => merge([m]), changed: () => emit() });

  const onEvent = (data: unknown) => {
    const e = data as KefuEvent;
    if (e?.type === 'message') {
      merge([e.message]);
      // Sent from this device: it is stored now, so it leaves the outbox.
      if (e.message.clientId && e.message.sender === 'user') void outbox.remove(e.message.clientId, false);
      if (e.message.sender === 'operator') {
        unread += 1;
        acknowledgeAll();
      }
      saveHistory();
    } else if (e?.type === 'receipt') {
      messages = withReceipt(messages, e);
      if (e.sender === 'operator' && e.state === 'read') {
        unread = unreadOf(messages);
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
      acknowledgeAll();
    } else stale = true;
    emit();
  };

  const flush = () => outbox.flush();

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
      await outbox.load();
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
      const item = await draftItem(draft, userId, newId, now);
      if ('ok' in item) return item;
      await outbox.add(item);
      emit();
      void flush();
      return { ok: true, data: null };
    },
    /** Drops a refused message from the outbox. */
    async discard(clientId: string): Promise<void> {
      await outbox.remove(clientId);
      emit();
    },
    /** Marks the operator's messages up to `upTo` as read (the page is showing them). */
    async markRead(upTo: number): Promise<void> {
      const out = await deps.call('kefu/mark', { upTo, state: 'read' });
      if (!out.ok) return;
      messages = readUpTo(messages, upTo, now);
      unread = unreadOf(messages);
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
    image: createImageCache(deps.call),
    flush,
  };
}

/** The chat of one core. */
export type KefuChat = ReturnType<typeof createKefuChat>;
