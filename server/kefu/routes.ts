import { KEFU_PAGE_MAX } from '../../domain/kefu-types';
import {
  type Publisher,
  fail,
  notFound,
  pageFields,
  str,
  sessionOf,
  type HandlerRegistry,
  type LimitSpec,
} from '../http';
import type { OpsEvents } from '../ops';
import { chatPusher } from './console-events';
import { clientIdOf, messageOf, upToOf } from './rules';
import type { KefuStore } from './store';

/** Messages per user per window: a fast typist, not a flood. */
export const KEFU_SEND_LIMIT = { max: 30, windowMs: 60_000 } as const;

/**
 * The signed-in user's side of the support chat (variant 3), with live events on `kefu`: each
 * change is a writer command of the store, and its event is pushed after that command committed.
 */
export function registerKefuRoutes(
  registry: HandlerRegistry,
  store: KefuStore,
  hub: Publisher,
  events?: OpsEvents,
): void {
  const push = chatPusher(hub, events);
  const sendLimit: LimitSpec = {
    ...KEFU_SEND_LIMIT,
    key: (ctx) => String(sessionOf(ctx).userId),
    errorKey: 'rateLimited',
  };

  registry.add(
    'kefu/send',
    async (ctx) => {
      const userId = sessionOf(ctx).userId;
      const clientId = clientIdOf(ctx.input, true);
      const body = messageOf(ctx.input);
      const { message, created } = await store.add({
        userId,
        sender: 'user',
        operator: null,
        clientId,
        ...body,
      });
      // The user's other devices see it too; a repeat (the same client id) was pushed the first time.
      if (created) push(userId, { type: 'message', message });
      return message;
    },
    { limits: [sendLimit] },
  );

  registry.add('kefu/history', async (ctx) => {
    const userId = sessionOf(ctx).userId;
    const { before, limit } = pageFields(ctx.input, 50, KEFU_PAGE_MAX);
    const messages = await store.history(userId, before, limit);
    // The count as of the page (two reads see two moments): up to the newest message it holds.
    const newest = messages.reduce((id, m) => Math.max(id, m.id), 0);
    return { messages, unread: await store.unread(userId, 'operator', newest) };
  });

  registry.add('kefu/mark', async (ctx) => {
    const userId = sessionOf(ctx).userId;
    const state = str(ctx.input, 'state');
    if (state !== 'delivered' && state !== 'read') throw fail('badRequest', 'state');
    const upTo = upToOf(ctx.input);
    const at = await store.mark(userId, 'operator', upTo, state);
    if (at !== null) push(userId, { type: 'receipt', sender: 'operator', upTo, state, at });
    return {};
  });

  registry.add('kefu/unread', async (ctx) => ({
    count: await store.unread(sessionOf(ctx).userId, 'operator'),
  }));

  registry.add('kefu/image', async (ctx) => {
    const image = await store.image(str(ctx.input, 'id').trim());
    if (!image || image.userId !== sessionOf(ctx).userId) throw notFound();
    return { id: image.id, mime: image.mime, data: image.data.toString('base64') };
  });
}
