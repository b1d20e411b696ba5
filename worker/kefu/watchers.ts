// Who watches the support chat (worker/kefu/chat.ts): the chat page's viewers and the tab badge's
// unread listeners. The private `kefu` channel is held exactly while someone watches and a user is
// signed in, so a signed-out badge costs no subscription.
import { KEFU_CHANNEL } from '../../domain/kefu-types';
import { notify } from '../notify';
import type { KefuDeps, KefuView } from './types';

/** The watchers of one chat; ids are shared by both kinds, so one `remove` serves either. */
export interface ChatWatchers {
  /** Adds a viewer of the whole chat; returns its id. */
  addViewer(listener: (view: KefuView) => void): number;
  /** Adds a listener of the unread count only (the tab badge); returns its id. */
  addUnread(listener: (count: number) => void): number;
  /** Removes a watcher of either kind; false when `id` was not watching. */
  remove(id: number): boolean;
  /** True while the chat page is open somewhere (a reconnect then reads the conversation again). */
  hasViewers(): boolean;
  /** Tells every viewer `view` and every badge `unread`. */
  tell(view: KefuView, unread: number): void;
}

/** Creates the watchers; `onEvent` receives the channel's events while it is held. */
export function createWatchers(
  deps: Pick<KefuDeps, 'subscribe' | 'unsubscribe' | 'userId'>,
  onEvent: (data: unknown) => void,
): ChatWatchers {
  const viewers = new Map<number, (view: KefuView) => void>();
  const unreadListeners = new Map<number, (count: number) => void>();
  let nextId = 1;
  let channelId: number | null = null;

  const listening = () => viewers.size + unreadListeners.size > 0;
  const ensureChannel = () => {
    if (listening() && deps.userId() !== null && channelId === null) {
      channelId = deps.subscribe(KEFU_CHANNEL, onEvent);
    } else if ((!listening() || deps.userId() === null) && channelId !== null) {
      deps.unsubscribe(channelId);
      channelId = null;
    }
  };
  const add = <L>(to: Map<number, L>, listener: L): number => {
    const id = nextId++;
    to.set(id, listener);
    ensureChannel();
    return id;
  };

  return {
    addViewer: (listener) => add(viewers, listener),
    addUnread: (listener) => add(unreadListeners, listener),
    remove(id) {
      const had = viewers.delete(id) || unreadListeners.delete(id);
      ensureChannel();
      return had;
    },
    hasViewers: () => viewers.size > 0,
    tell(view, unread) {
      for (const l of viewers.values()) notify(l, view);
      for (const l of unreadListeners.values()) notify(l, unread);
    },
  };
}
