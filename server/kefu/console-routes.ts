import { isLang, OPS_CONSOLE_ROUTES, type OpsConsoleEndpoints, type OpsEvent } from '../../domain';
import type { Engine } from '../db';
import { fail, intField, notFound, optionalIntField, str, type Input } from '../http';
import { accounts } from '../mine';
import type { OpsEvents, OpsJournal, OpsRegistry } from '../ops';
import { kefuConsole } from './console-store';

/** What the inbox routes need. */
export interface KefuConsoleDeps {
  engine: Engine;
  journal: OpsJournal;
  events: OpsEvents;
  now?: () => number;
}

/** Longest canned reply title and body, in characters. */
const CANNED_TITLE_MAX = 100;
const CANNED_BODY_MAX = 2000;
/** Longest inbox page. */
const INBOX_PAGE_MAX = 100;

type Route = keyof OpsConsoleEndpoints;
const routeOf = (name: Route) =>
  OPS_CONSOLE_ROUTES[name] as { method: 'GET' | 'POST'; duty: 'read' | 'support' };

function userIdOf(input: Input): number {
  return intField(input, 'userId', { min: 1, max: Number.MAX_SAFE_INTEGER });
}

function textOf(input: Input, name: string, max: number): string {
  const v = str(input, name).trim();
  if (!v) throw fail('required', name);
  if ([...v].length > max) throw fail('textTooLong', name);
  return v;
}

/**
 * The console's support inbox (`/api/ops/kefu/inbox|assign|canned…`): conversations with their
 * newest message, unread count and assignee; taking a conversation or releasing it; canned replies
 * per language. Each change is journaled in its own writer command; `kefu.assigned` goes to the
 * consoles after it committed. Replies still go through `kefu/reply`.
 */
export function registerKefuConsole(ops: OpsRegistry, deps: KefuConsoleDeps): void {
  const { engine, journal, events } = deps;
  const now = deps.now ?? Date.now;
  const store = kefuConsole(engine);
  const add = (name: Route, handler: Parameters<OpsRegistry['add']>[3]) => {
    const { method, duty } = routeOf(name);
    ops.add(method, name, duty, handler);
  };
  const publish = (event: OpsEvent) => events.publish(event);

  add('kefu/inbox', ({ operator, input }) => {
    const before = optionalIntField(input, 'before', { min: 1, max: Number.MAX_SAFE_INTEGER });
    return store.inbox({
      before: before ?? Number.MAX_SAFE_INTEGER,
      limit: intField(input, 'limit', { min: 1, max: INBOX_PAGE_MAX, fallback: 50 }),
      mine: str(input, 'mine') === '1' ? operator : null,
      unreadOnly: str(input, 'unread') === '1',
    });
  });

  add('kefu/assign', async ({ operator, input }) => {
    const userId = userIdOf(input);
    const release = str(input, 'release') === '1';
    if ((await accounts(engine).accountOf(userId)) === undefined) throw fail('accountUnknown', 'userId');
    const assignee = release ? null : operator;
    await engine.writer.run(async () => {
      const before = await store.assigneeOf(userId);
      if (release) await store.release(userId);
      else await store.assign(userId, operator, now());
      await journal.record({
        operator,
        action: release ? 'kefu.release' : 'kefu.assign',
        targetType: 'kefu_assignments',
        targetId: String(userId),
        detail: { from: before, to: assignee },
      });
    });
    publish({ type: 'kefu.assigned', userId, assignee });
    const conversation = await store.conversation(userId);
    if (!conversation) throw notFound();
    return conversation;
  });

  add('kefu/canned', ({ input }) => {
    const lang = str(input, 'lang').trim();
    if (lang && !isLang(lang)) throw fail('badRequest', 'lang');
    return store.canned(lang || null);
  });

  add('kefu/canned/save', async ({ operator, input }) => {
    const id = optionalIntField(input, 'id', { min: 1, max: Number.MAX_SAFE_INTEGER });
    const lang = str(input, 'lang').trim();
    if (!isLang(lang)) throw fail(lang ? 'badRequest' : 'required', 'lang');
    const title = textOf(input, 'title', CANNED_TITLE_MAX);
    const body = textOf(input, 'body', CANNED_BODY_MAX);
    return engine.writer.run(async () => {
      if (id !== null && !(await store.cannedById(id))) throw notFound();
      const saved = await store.saveCanned({ id, lang, title, body }, operator, now());
      await journal.record({
        operator,
        action: id === null ? 'kefu.canned.create' : 'kefu.canned.update',
        targetType: 'kefu_canned',
        targetId: String(saved.id),
        detail: { lang, title },
      });
      return saved;
    });
  });

  add('kefu/canned/delete', async ({ operator, input }) => {
    const id = intField(input, 'id', { min: 1, max: Number.MAX_SAFE_INTEGER });
    await engine.writer.run(async () => {
      const old = await store.cannedById(id);
      if (!old) throw notFound();
      await store.deleteCanned(id);
      await journal.record({
        operator,
        action: 'kefu.canned.delete',
        targetType: 'kefu_canned',
        targetId: String(id),
        detail: { lang: old.lang, title: old.title },
      });
    });
    return {};
  });
}
