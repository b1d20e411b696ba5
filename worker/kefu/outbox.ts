// The support chat's outbox on the device: messages typed here wait in `kv` (OUTBOX_KEY) and are
// sent in order, with the client id chosen when they were typed, so a resend after a lost reply is
// stored once by the server.
//
// The one store of the chat outside the dated cache (worker/shared/dated), on purpose: that cache
// holds what the server last answered, dated, and drops it at sign-out; the outbox holds what the
// user wrote and the server has not stored yet. It outlives a sign-out so a message typed offline is
// not lost when the session ends before the network is back: each item carries its author, and only
// the signed-in author's items are shown or sent (`mine`).
import type { KefuMessage } from '../../domain/kefu-types';
import { OUTBOX_KEY, TRANSIENT, type KefuDeps, type OutboxItem } from './types';

/** What the outbox tells the chat. */
export interface OutboxHooks {
  /** A message the server stored (its answer to a send). */
  stored(message: KefuMessage): void;
  /** The outbox changed: show it. */
  changed(): void;
}

/** The outbox of one chat. */
export interface Outbox {
  load(): Promise<OutboxItem[]>;
  /** The signed-in user's items, in the order they will be sent. */
  mine(): OutboxItem[];
  add(item: OutboxItem): Promise<void>;
  /** Drops an item (refused, or stored as a live event showed); saves only when it was there. */
  remove(clientId: string, always?: boolean): Promise<void>;
  /** Sends what waits, in order; stops at the first failure that may pass. */
  flush(): Promise<void>;
}

export function createOutbox(deps: KefuDeps, hooks: OutboxHooks): Outbox {
  let items: OutboxItem[] | null = null;
  let flushing: Promise<void> | null = null;
  const save = () => deps.set(OUTBOX_KEY, items ?? []).catch(() => undefined);
  const mine = (): OutboxItem[] => (items ?? []).filter((i) => i.userId === deps.userId());
  const load = async (): Promise<OutboxItem[]> => {
    items ??= ((await deps.get<OutboxItem[]>(OUTBOX_KEY)) ?? []).filter(
      (i) => typeof i?.clientId === 'string',
    );
    return items;
  };
  const sendOne = async (item: OutboxItem): Promise<boolean> => {
    const out = await deps.call('kefu/send', {
      clientId: item.clientId,
      ...(item.data && item.mime ? { mime: item.mime, data: item.data } : { text: item.text }),
    });
    if (out.ok) {
      hooks.stored(out.data);
      items = (items ?? []).filter((i) => i.clientId !== item.clientId);
    } else if (out.intent === 'login' || out.intent === 'serverFault' || TRANSIENT.includes(out.messageKey)) {
      return false;
    } else {
      item.failed = out.messageKey ?? 'badRequest';
    }
    await save();
    hooks.changed();
    return true;
  };
  return {
    load,
    mine,
    async add(item) {
      await load();
      items = [...(items ?? []), item];
      await save();
    },
    async remove(clientId, always = true) {
      if (always) await load();
      if (!items) return;
      const before = items.length;
      items = items.filter((i) => i.clientId !== clientId);
      if (always || items.length !== before) await save();
    },
    flush: () =>
      (flushing ??= (async () => {
        try {
          await load();
          for (const item of mine()) {
            if (item.failed) continue;
            if (!(await sendOne(item))) break;
          }
        } finally {
          flushing = null;
        }
      })()),
  };
}
