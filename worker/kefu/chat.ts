// The support chat as the worker keeps it: the conversation from the server, live events from the
// private `kefu` channel, and an outbox on the device. A message typed offline waits in the outbox
// (IndexedDB) and is sent when the socket is back, in order, with the client id chosen when it was
// typed, so a resend after a lost reply is stored once by the server (no duplicate, no loss).
// Its parts live beside it: the conversation and its dated device copy (transcript.ts), the outbox
// (outbox.ts), who watches and the channel held for them (watchers.ts).
import type { Outcome } from '../../domain';
import type { KefuEvent } from '../../domain/kefu-types';
import { notify } from '../notify';
import { createImageCache } from './conversation';
import { createOutbox } from './outbox';
import { createTranscript } from './transcript';
import { PAGE, draftItem, randomId, type KefuDeps, type KefuDraft, type KefuView } from './types';
import { createWatchers } from './watchers';

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
  const transcript = createTranscript(deps, now);
  const outbox = createOutbox(deps, { stored: (m) => transcript.stored(m), changed: () => emit() });

  const view = (): KefuView => ({
    ...transcript.view(),
    pending: outbox.mine().map((i) => ({
      clientId: i.clientId,
      text: i.text,
      image: i.data && i.mime ? `data:${i.mime};base64,${i.data}` : null,
      createdAt: i.createdAt,
      failed: i.failed,
    })),
  });
  const emit = () => watchers.tell(view(), transcript.unread());

  const onEvent = (data: unknown) => {
    const e = data as KefuEvent;
    if (e?.type === 'message') {
      // Sent from this device: it is stored now, so it leaves the outbox.
      if (e.message.clientId && e.message.sender === 'user') void outbox.remove(e.message.clientId, false);
      transcript.received(e.message);
    } else if (e?.type === 'receipt') transcript.receipt(e);
    else return;
    emit();
  };
  const watchers = createWatchers(deps, onEvent);

  /** Reads the newest page of the conversation. */
  const refresh = async (): Promise<void> => {
    transcript.checkUser();
    if (deps.userId() === null) return;
    const out = await deps.call('kefu/history', { limit: PAGE });
    if (out.ok) transcript.readNewest(out.data);
    else transcript.unreachable();
    emit();
  };

  const flush = () => outbox.flush();

  deps.onSocketState((state) => {
    if (state !== 'open') return;
    void flush().then(() => (watchers.hasViewers() ? refresh() : undefined));
  });

  return {
    async watch(listener: (view: KefuView) => void): Promise<number> {
      transcript.checkUser();
      const id = watchers.addViewer(listener);
      await outbox.load();
      await transcript.restore();
      notify(listener, view());
      void refresh().then(() => flush());
      return id;
    },
    async watchUnread(listener: (count: number) => void): Promise<number> {
      transcript.checkUser();
      const id = watchers.addUnread(listener);
      if (deps.userId() !== null) {
        const out = await deps.call('kefu/unread', {});
        if (out.ok) transcript.counted(out.data.count);
        // Messages typed before the app was closed leave with the first badge, not only the chat page.
        void flush();
      }
      notify(listener, deps.userId() === null ? 0 : transcript.unread());
      return id;
    },
    unwatch: (id: number): boolean => watchers.remove(id),
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
      transcript.readUpTo(upTo);
      emit();
    },
    /** Reads the page before the oldest message shown. */
    async older(): Promise<void> {
      const oldest = transcript.oldest();
      if (oldest === undefined) return;
      const out = await deps.call('kefu/history', { before: oldest, limit: PAGE });
      if (!out.ok) return;
      transcript.readOlder(out.data.messages);
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
