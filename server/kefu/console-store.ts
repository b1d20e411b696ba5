import type { OpsCannedReply, OpsConversation } from '../../domain';
import { sql, statementsOf, type AsyncPreparedSet, type Engine } from '../db';
import { accounts } from '../mine';

interface InboxRow {
  id: number;
  userId: number;
  text: string;
  kind: string;
  createdAt: number;
  assignee: string | null;
  unread: number;
}

// Integers are read with Number(): SQLite gives numbers, PostgreSQL's bigint columns strings.
const toInbox = (r: Record<string, unknown>): InboxRow => ({
  id: Number(r.id),
  userId: Number(r.user_id),
  text: r.text as string,
  kind: r.kind as string,
  createdAt: Number(r.created_at),
  assignee: (r.assignee as string | null) ?? null,
  unread: Number(r.unread),
});

const toCanned = (r: Record<string, unknown>): OpsCannedReply => ({
  id: Number(r.id),
  lang: r.lang as string,
  title: r.title as string,
  body: r.body as string,
});

const UNREAD_OF_M = `(select count(*) from kefu_messages x
   where x.user_id = m.user_id and x.sender = 'user' and x.read_at is null)`;

const INBOX_COLS = `m.id, m.user_id, m.text, m.kind, m.created_at, a.operator as assignee, ${UNREAD_OF_M} as unread`;

/** The statements of the operators' inbox, assignments and canned replies. */
const STATEMENTS = {
  inbox: sql<
    [before: number, mine: string | null, mine2: string | null, unreadOnly: number, limit: number],
    InboxRow
  >(
    `with last as (select user_id, max(id) as id from kefu_messages group by user_id)
     select ${INBOX_COLS}
     from last l join kefu_messages m on m.id = l.id
       left join kefu_assignments a on a.user_id = m.user_id
     where m.id < ? and (cast(? as text) is null or a.operator = ?)
       and (? = 0 or exists (select 1 from kefu_messages u
             where u.user_id = m.user_id and u.sender = 'user' and u.read_at is null))
     order by m.id desc limit ?`,
    toInbox,
  ),
  conversationOf: sql<[userId: number], InboxRow>(
    `select ${INBOX_COLS}
     from kefu_messages m left join kefu_assignments a on a.user_id = m.user_id
     where m.id = (select max(id) from kefu_messages y where y.user_id = ?)`,
    toInbox,
  ),
  unreadConversations: sql<[], number>(
    `select count(distinct user_id) as n from kefu_messages where sender = 'user' and read_at is null`,
    (r) => Number(r.n),
  ),
  assigneeOf: sql<[userId: number], string>(
    'select operator from kefu_assignments where user_id = ?',
    (r) => r.operator as string,
  ),
  assign: sql<[userId: number, operator: string, at: number]>(
    `insert into kefu_assignments (user_id, operator, assigned_at) values (?, ?, ?)
     on conflict (user_id) do update set operator = excluded.operator, assigned_at = excluded.assigned_at`,
  ),
  release: sql<[userId: number]>('delete from kefu_assignments where user_id = ?'),
  cannedAll: sql<[], OpsCannedReply>(
    'select id, lang, title, body from kefu_canned order by lang, id',
    toCanned,
  ),
  cannedOf: sql<[lang: string], OpsCannedReply>(
    'select id, lang, title, body from kefu_canned where lang = ? order by id',
    toCanned,
  ),
  cannedById: sql<[id: number], OpsCannedReply>(
    'select id, lang, title, body from kefu_canned where id = ?',
    toCanned,
  ),
  cannedInsert: sql<[lang: string, title: string, body: string, by: string, at: number], number>(
    `insert into kefu_canned (lang, title, body, updated_by, updated_at) values (?, ?, ?, ?, ?)
     returning id`,
    (r) => Number(r.id),
  ),
  cannedUpdate: sql<[lang: string, title: string, body: string, by: string, at: number, id: number]>(
    'update kefu_canned set lang = ?, title = ?, body = ?, updated_by = ?, updated_at = ? where id = ?',
  ),
  cannedDelete: sql<[id: number]>('delete from kefu_canned where id = ?'),
};

/**
 * The operators' side of the support chat tables: the inbox (each conversation's newest message,
 * its unread count and assignee), assignments and canned replies. Reads see committed rows; the
 * writes run inside the caller's writer command, which journals them.
 */
export class KefuConsoleStore {
  readonly #q: AsyncPreparedSet<typeof STATEMENTS>;

  constructor(private readonly engine: Engine) {
    this.#q = statementsOf(engine, STATEMENTS);
  }

  /**
   * A page of the inbox, the conversation with the newest message first; `before` is a last
   * message id (`lastMessageId` of the previous page's last conversation). `mine` keeps those
   * assigned to that operator, `unreadOnly` those with user messages no operator has read.
   */
  async inbox(q: {
    before: number;
    limit: number;
    mine: string | null;
    unreadOnly: boolean;
  }): Promise<OpsConversation[]> {
    const rows = await this.#q.inbox.all(q.before, q.mine, q.mine, q.unreadOnly ? 1 : 0, q.limit);
    return this.#withAccounts(rows);
  }

  /** One user's conversation, or undefined when the user never wrote nor was written to. */
  async conversation(userId: number): Promise<OpsConversation | undefined> {
    const row = await this.#q.conversationOf.get(userId);
    return row ? (await this.#withAccounts([row]))[0] : undefined;
  }

  /** Conversations with user messages no operator has read (the inbox's queue count). */
  async unreadConversations(): Promise<number> {
    return (await this.#q.unreadConversations.get()) ?? 0;
  }

  /** Who a conversation is assigned to, or null. */
  async assigneeOf(userId: number): Promise<string | null> {
    return (await this.#q.assigneeOf.get(userId)) ?? null;
  }

  /** Assigns a conversation to `operator` (taking it from whoever had it); inside a writer command. */
  async assign(userId: number, operator: string, at: number): Promise<void> {
    await this.#q.assign.run(userId, operator, at);
  }

  /** Leaves a conversation unassigned; inside a writer command. */
  async release(userId: number): Promise<void> {
    await this.#q.release.run(userId);
  }

  /** Canned replies of one language, or of all of them by language. */
  canned(lang: string | null): Promise<OpsCannedReply[]> {
    return lang === null ? this.#q.cannedAll.all() : this.#q.cannedOf.all(lang);
  }

  cannedById(id: number): Promise<OpsCannedReply | undefined> {
    return this.#q.cannedById.get(id);
  }

  /** Adds (no id) or replaces a canned reply and returns it; inside a writer command. */
  async saveCanned(
    reply: { id: number | null; lang: string; title: string; body: string },
    by: string,
    at: number,
  ): Promise<OpsCannedReply> {
    const { lang, title, body } = reply;
    if (reply.id === null) {
      const id = (await this.#q.cannedInsert.get(lang, title, body, by, at))!;
      return { id, lang, title, body };
    }
    await this.#q.cannedUpdate.run(lang, title, body, by, at, reply.id);
    return { id: reply.id, lang, title, body };
  }

  /** Deletes a canned reply; inside a writer command. */
  async deleteCanned(id: number): Promise<void> {
    await this.#q.cannedDelete.run(id);
  }

  async #withAccounts(rows: InboxRow[]): Promise<OpsConversation[]> {
    const names = await accounts(this.engine).accountsOf(rows.map((r) => r.userId));
    return rows.map((r) => ({
      userId: r.userId,
      account: names.get(r.userId) ?? '',
      lastMessageId: r.id,
      lastMessageAt: r.createdAt,
      lastText: r.kind === 'image' ? '' : r.text,
      unread: r.unread,
      assignee: r.assignee,
    }));
  }
}

const faces = new WeakMap<Engine, KefuConsoleStore>();

/** The console store on this database (one per engine). */
export function kefuConsole(engine: Engine): KefuConsoleStore {
  let face = faces.get(engine);
  if (!face) faces.set(engine, (face = new KefuConsoleStore(engine)));
  return face;
}

/** Conversations with user messages no operator has read (the queue count of the inbox). */
export function unreadConversations(engine: Engine): Promise<number> {
  return kefuConsole(engine).unreadConversations();
}
