// The support chat area of the worker: the signed-in user's conversation with its device outbox.
// Its code (worker/kefu/chat.ts) loads with the first page or badge that watches it.
import type { Outcome } from '../../domain';
import { once, type WorkerModuleFactory } from '../module';
import { KV } from '../store-keys';
import type { KefuDraft, KefuView } from './chat';

/** The support chat's part of CoreApi. */
export interface KefuApi {
  /**
   * Watches the support chat of the signed-in user: stored messages, messages waiting in the
   * device's outbox, unread count. Returns an id for `kefuUnwatch`.
   */
  kefuWatch(listener: (view: KefuView) => void): Promise<number>;
  /** Watches only the unread count of the support chat (the tab badge); 0 when signed out. */
  kefuWatchUnread(listener: (count: number) => void): Promise<number>;
  kefuUnwatch(id: number): Promise<void>;
  /**
   * Queues a support message (text, or an image already compressed by the page) and sends it when
   * the server is reachable; refuses at once an empty or oversize text or a wrong image type.
   */
  kefuSend(draft: KefuDraft): Promise<Outcome<null>>;
  /** Drops a message the server refused from the outbox. */
  kefuDiscard(clientId: string): Promise<void>;
  /** Marks the operator's messages up to `upTo` as read. */
  kefuRead(upTo: number): Promise<void>;
  /** Sends what waits and reads the conversation again (pull-to-refresh). */
  kefuRefresh(): Promise<void>;
  /** Reads the messages before the oldest one shown. */
  kefuOlder(): Promise<void>;
  /** A chat image as a `data:` URL, or null when it cannot be read. */
  kefuImage(id: string): Promise<string | null>;
}

export const kefuModule: WorkerModuleFactory<KefuApi> = (ctx) => {
  const { socket, store } = ctx;
  const chat = once(async () => {
    await ctx.ready();
    const m = await import('./chat');
    return m.createKefuChat({
      call: (name, req) => ctx.call(name, req),
      subscribe: (ch, listener) => socket.subscribe(ch, listener),
      unsubscribe: (id) => socket.unsubscribe(id),
      onSocketState: (listener) => void socket.onState(listener),
      get: (key) => store.get(key),
      set: (key, value) => store.set(key, value),
      userId: ctx.userId,
    });
  });
  return {
    api: {
      kefuWatch: async (listener) => (await chat()).watch(listener),
      kefuWatchUnread: async (listener) => (await chat()).watchUnread(listener),
      async kefuUnwatch(id) {
        (await chat()).unwatch(id);
      },
      kefuSend: async (draft) => (await chat()).send(draft),
      kefuDiscard: async (clientId) => (await chat()).discard(clientId),
      kefuRead: async (upTo) => (await chat()).markRead(upTo),
      kefuRefresh: async () => (await chat()).refresh(),
      kefuOlder: async () => (await chat()).older(),
      kefuImage: async (id) => (await chat()).image(id),
    },
    // A private conversation does not outlive the session on the device (shared phones): the dated
    // cache's copy goes with the session; this is the copy written before it, outside the prefix.
    // The outbox stays (see worker/kefu/outbox.ts).
    privateKeys: [KV.kefuHistory],
  };
};
