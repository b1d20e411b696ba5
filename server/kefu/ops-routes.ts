import { KEFU_PAGE_MAX } from '../../domain/kefu-types';
import type { Engine } from '../db';
import { type Publisher, fail, notFound, pageFields, str, type Input } from '../http';
import { accounts, normalizeAccount } from '../mine';
import type { OpsEvents, OpsJournal, OpsRegistry } from '../ops';
import { chatPusher } from './console-events';
import { clientIdOf, messageOf, upToOf } from './rules';
import type { KefuStore } from './store';

/** What the support ops routes need. */
export interface KefuOpsDeps {
  engine: Engine;
  store: KefuStore;
  journal: OpsJournal;
  hub: Publisher;
  /** The consoles' events (`kefu.message`, `kefu.receipt`, queue counts). */
  events?: OpsEvents;
}

/**
 * The operators' side of the support chat (`/api/ops/kefu…`): the inbox, a conversation (reading
 * it delivers the user's messages), read receipts and replies, each reply journaled with its
 * operator. Users see replies and receipts live on their `kefu` channel, pushed after the command
 * that made them committed.
 */
export function registerKefuOps(ops: OpsRegistry, deps: KefuOpsDeps): void {
  const { store, journal, engine, hub } = deps;
  const push = chatPusher(hub, deps.events);
  const users = accounts(engine);
  const userOf = async (input: Input): Promise<number> => {
    const account = normalizeAccount(str(input, 'account'));
    if (!account) throw fail('required', 'account');
    const id = await users.idOf(account);
    if (id === undefined) throw fail('accountUnknown', 'account');
    return id;
  };

  ops.add('GET', 'kefu/conversations', 'read', () => store.conversations(200));

  ops.add('GET', 'kefu/messages', 'read', async ({ input }) => {
    const userId = await userOf(input);
    const { before } = pageFields(input, KEFU_PAGE_MAX, KEFU_PAGE_MAX);
    const messages = await store.opsHistory(userId, before, KEFU_PAGE_MAX);
    // The operator's console now holds them: the user's messages are delivered.
    const newest = messages.filter((m) => m.sender === 'user').at(-1);
    if (newest) {
      const at = await store.mark(userId, 'user', newest.id, 'delivered');
      if (at !== null)
        push(userId, { type: 'receipt', sender: 'user', upTo: newest.id, state: 'delivered', at });
    }
    return messages;
  });

  ops.add('POST', 'kefu/read', 'support', async ({ input }) => {
    const userId = await userOf(input);
    const upTo = upToOf(input);
    const at = await store.mark(userId, 'user', upTo, 'read');
    if (at !== null) push(userId, { type: 'receipt', sender: 'user', upTo, state: 'read', at });
    return { marked: at !== null };
  });

  ops.add('POST', 'kefu/reply', 'support', async ({ operator, input }) => {
    const userId = await userOf(input);
    const clientId = clientIdOf(input, false);
    const body = messageOf(input, { mime: 'imageMime', data: 'imageData' });
    // The journal line is written in the message's own command (kept together or not at all).
    const reply = { userId, sender: 'operator' as const, operator, clientId, ...body };
    const { message, created } = await store.add(reply, (m) =>
      journal.record({
        operator,
        action: 'kefu.reply',
        targetType: 'kefu_messages',
        targetId: String(m.id),
        detail: { userId, kind: m.kind },
      }),
    );
    if (created) push(userId, { type: 'message', message });
    return message;
  });

  ops.add('GET', 'kefu/image', 'support', async ({ operator, input }) => {
    const image = await store.image(str(input, 'id').trim());
    if (!image) throw notFound();
    // Who looked at a user's image is journaled before the image is handed out.
    await engine.writer.run(() =>
      journal.record({ operator, action: 'kefu.imageView', targetType: 'kefu_images', targetId: image.id }),
    );
    return { id: image.id, mime: image.mime, data: image.data.toString('base64'), userId: image.userId };
  });
}
