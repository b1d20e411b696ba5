// The support conversation as this device knows it (worker/kefu/chat.ts): the stored messages, the
// unread count, whether the server confirmed them, and the dated device copy shown before it does.
// The chat decides when to read and whom to tell; this holds what was read and how it changes.
import type { KefuEvent, KefuHistory, KefuMessage } from '../../domain/kefu-types';
import {
  acknowledge,
  keepHistory,
  merged,
  readUpTo,
  savedHistory,
  unreadOf,
  withReceipt,
} from './conversation';
import { PAGE, type KefuDeps, type KefuView } from './types';

/** The conversation of the signed-in user; its methods change it, the chat shows it. */
export interface Transcript {
  /** Forgets the conversation of a user who signed out (or another who signed in). */
  checkUser(): void;
  /** The saved conversation of this user, shown until the server answers (only while none is shown). */
  restore(): Promise<void>;
  /** The view's conversation fields (the chat adds the outbox). */
  view(): Omit<KefuView, 'pending'>;
  unread(): number;
  /** The unread count as the server counted it (`kefu/unread`). */
  counted(count: number): void;
  /** The id of the oldest message shown, or undefined. */
  oldest(): number | undefined;
  /** A message the server stored (its answer to a send): added, not saved until the next change. */
  stored(message: KefuMessage): void;
  /** A live `message` event: added, an operator's counted unread and acknowledged; saved. */
  received(message: KefuMessage): void;
  /** A live `receipt` event. */
  receipt(event: Extract<KefuEvent, { type: 'receipt' }>): void;
  /** The newest page was read: merged, confirmed, saved and acknowledged. */
  readNewest(page: KefuHistory): void;
  /** The newest page could not be read: what is shown may be old. */
  unreachable(): void;
  /** An older page was read. */
  readOlder(messages: readonly KefuMessage[]): void;
  /** This device read the operator's messages up to `upTo` (the server took the mark). */
  readUpTo(upTo: number): void;
}

/** Creates the empty conversation; `now` dates the device copy (ms since the epoch). */
export function createTranscript(deps: KefuDeps, now: () => number): Transcript {
  let messages: KefuMessage[] = [];
  let unread = 0;
  let loaded = false;
  let stale = false;
  let savedAt: number | null = null;
  let hasOlder = false;
  let forUser: number | null = null;

  const save = () => {
    const userId = deps.userId();
    if (userId === null) return;
    savedAt = now();
    keepHistory(deps, { userId, savedAt, messages, unread });
  };
  const merge = (incoming: readonly KefuMessage[]) => {
    messages = merged(messages, incoming);
  };

  return {
    checkUser() {
      const u = deps.userId();
      if (u === forUser) return;
      forUser = u;
      messages = [];
      unread = 0;
      loaded = false;
      stale = false;
      savedAt = null;
    },
    async restore() {
      const row = await savedHistory(deps);
      if (row && messages.length === 0) ({ messages, unread, savedAt } = row);
    },
    view: () => ({
      messages,
      unread,
      loaded,
      stale,
      savedAt: loaded && !stale ? null : savedAt,
      hasOlder,
    }),
    unread: () => unread,
    counted(count) {
      unread = count;
    },
    oldest: () => messages[0]?.id,
    stored: (message) => merge([message]),
    received(message) {
      // The same message can arrive twice (the newest page read while its event was on the way, a
      // resubscription's replay): it is counted once.
      const known = messages.some((m) => m.id === message.id);
      merge([message]);
      if (message.sender === 'operator') {
        if (!known && message.readAt === null) unread += 1;
        acknowledge(deps.call, messages);
      }
      save();
    },
    receipt(event) {
      messages = withReceipt(messages, event);
      if (event.sender === 'operator' && event.state === 'read') unread = unreadOf(messages);
    },
    readNewest(page) {
      if (!loaded) hasOlder = page.messages.length >= PAGE;
      merge(page.messages);
      unread = page.unread;
      loaded = true;
      stale = false;
      save();
      acknowledge(deps.call, messages);
    },
    unreachable() {
      stale = true;
    },
    readOlder(older) {
      merge(older);
      hasOlder = older.length >= PAGE;
    },
    readUpTo(upTo) {
      messages = readUpTo(messages, upTo, now);
      unread = unreadOf(messages);
    },
  };
}
