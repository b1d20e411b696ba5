import { randomBytes } from 'node:crypto';
import type { KefuMessage, KefuSender } from '../../domain/kefu-types';
import { sql, statementsOf, type AsyncPreparedSet, type Engine } from '../db';
import { accounts } from '../mine';

interface Row {
  id: number;
  user_id: number;
  sender: KefuSender;
  operator: string | null;
  client_id: string | null;
  kind: 'text' | 'image';
  text: string;
  image_id: string | null;
  created_at: number;
  delivered_at: number | null;
  read_at: number | null;
}

/** A message as the operator sees it: with the user and the operator who wrote it. */
export interface OpsKefuMessage extends KefuMessage {
  userId: number;
  operator: string | null;
}

/** A conversation in the operator's inbox. */
export interface KefuConversation {
  userId: number;
  account: string;
  last: KefuMessage;
  /** User messages the operators have not read yet. */
  unread: number;
}

/** A new message. */
export interface NewMessage {
  userId: number;
  sender: KefuSender;
  operator: string | null;
  clientId: string | null;
  text: string;
  image: { mime: string; bytes: Buffer } | null;
}

const orNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

// Integers are read with Number(): SQLite gives numbers, PostgreSQL's bigint columns strings.
const toRow = (r: Record<string, unknown>): Row => ({
  ...(r as unknown as Row),
  id: Number(r.id),
  user_id: Number(r.user_id),
  created_at: Number(r.created_at),
  delivered_at: orNull(r.delivered_at),
  read_at: orNull(r.read_at),
});

const toMessage = (r: Row): KefuMessage => ({
  id: r.id,
  clientId: r.client_id,
  sender: r.sender,
  kind: r.kind,
  text: r.text,
  imageId: r.image_id,
  createdAt: r.created_at,
  deliveredAt: r.delivered_at,
  readAt: r.read_at,
});

interface ImageRow {
  id: string;
  userId: number;
  mime: string;
  data: Buffer;
}

/** The statements over the support chat tables, named by what they do. */
const STATEMENTS = {
  byClient: sql<[userId: number, sender: KefuSender, clientId: string], Row>(
    'select * from kefu_messages where user_id = ? and sender = ? and client_id = ?',
    toRow,
  ),
  byId: sql<[id: number], Row>('select * from kefu_messages where id = ?', toRow),
  insert: sql<
    [
      userId: number,
      sender: KefuSender,
      operator: string | null,
      clientId: string | null,
      kind: Row['kind'],
      text: string,
      imageId: string | null,
      createdAt: number,
    ],
    number
  >(
    `insert into kefu_messages (user_id, sender, operator, client_id, kind, text, image_id, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?) returning id`,
    (r) => Number(r.id),
  ),
  insertImage: sql<[id: string, userId: number, mime: string, data: Buffer, createdAt: number]>(
    'insert into kefu_images (id, user_id, mime, data, created_at) values (?, ?, ?, ?, ?)',
  ),
  image: sql<[id: string], ImageRow>(
    'select id, user_id as "userId", mime, data from kefu_images where id = ?',
    (r) => ({ id: r.id as string, userId: Number(r.userId), mime: r.mime as string, data: r.data as Buffer }),
  ),
  page: sql<[userId: number, before: number, limit: number], Row>(
    'select * from kefu_messages where user_id = ? and id < ? order by id desc limit ?',
    toRow,
  ),
  markDelivered: sql<[at: number, userId: number, sender: KefuSender, upTo: number]>(
    `update kefu_messages set delivered_at = ?
     where user_id = ? and sender = ? and id <= ? and delivered_at is null`,
  ),
  markRead: sql<[at: number, deliveredAt: number, userId: number, sender: KefuSender, upTo: number]>(
    `update kefu_messages set read_at = ?, delivered_at = coalesce(delivered_at, ?)
     where user_id = ? and sender = ? and id <= ? and read_at is null`,
  ),
  unread: sql<[userId: number, sender: KefuSender, upTo: number], number>(
    'select count(*) as n from kefu_messages where user_id = ? and sender = ? and read_at is null and id <= ?',
    (r) => Number(r.n),
  ),
  conversations: sql<[limit: number], Row & { unread: number }>(
    `select m.*,
       (select count(*) from kefu_messages x
         where x.user_id = m.user_id and x.sender = 'user' and x.read_at is null) as unread
     from kefu_messages m
     where m.id = (select max(id) from kefu_messages y where y.user_id = m.user_id)
     order by m.id desc limit ?`,
    (r) => ({ ...toRow(r), unread: Number(r.unread) }),
  ),
};

/**
 * The support chat tables. Every change is a command of the engine's one writer; a caller pushes the
 * live events after the command returned (committed), never from inside it.
 */
export class KefuStore {
  readonly #q: AsyncPreparedSet<typeof STATEMENTS>;

  constructor(
    private readonly engine: Engine,
    private readonly now: () => number = Date.now,
  ) {
    this.#q = statementsOf(engine, STATEMENTS);
  }

  /**
   * Stores a message once per (user, sender, client id): a repeat returns the stored one and
   * `created: false`. One writer command: the repeat check, the image (only for a new message), the
   * message and `afterInsert` (the operator's journal line) are kept together or not at all.
   */
  add(
    m: NewMessage,
    afterInsert?: (message: KefuMessage) => unknown,
  ): Promise<{ message: KefuMessage; created: boolean }> {
    // Decided before the command: random bytes are no database work.
    const imageId = m.image ? randomBytes(16).toString('hex') : null;
    return this.engine.writer.run(async () => {
      if (m.clientId !== null) {
        const old = await this.#q.byClient.get(m.userId, m.sender, m.clientId);
        if (old) return { message: toMessage(old), created: false };
      }
      const t = this.now();
      if (m.image && imageId !== null) {
        await this.#q.insertImage.run(imageId, m.userId, m.image.mime, m.image.bytes, t);
      }
      const info = await this.#q.insert.run(
        m.userId,
        m.sender,
        m.operator,
        m.clientId,
        imageId ? 'image' : 'text',
        m.text,
        imageId,
        t,
      );
      const message = toMessage((await this.#q.byId.get(info.lastId))!);
      await afterInsert?.(message);
      return { message, created: true };
    });
  }

  /** A page of a user's conversation, oldest first, before message id `before`. */
  async history(userId: number, before: number, limit: number): Promise<KefuMessage[]> {
    return (await this.#q.page.all(userId, before, limit)).reverse().map(toMessage);
  }

  /** The same page with the operator's details. */
  async opsHistory(userId: number, before: number, limit: number): Promise<OpsKefuMessage[]> {
    return (await this.#q.page.all(userId, before, limit))
      .reverse()
      .map((r) => ({ ...toMessage(r), userId: r.user_id, operator: r.operator }));
  }

  /**
   * Marks messages of `sender` to `userId` up to `upTo` as delivered or read (read implies
   * delivered), in a writer command. Returns the time used, or null when nothing changed.
   */
  mark(
    userId: number,
    sender: KefuSender,
    upTo: number,
    state: 'delivered' | 'read',
  ): Promise<number | null> {
    return this.engine.writer.run(async () => {
      const t = this.now();
      const info =
        state === 'read'
          ? await this.#q.markRead.run(t, t, userId, sender, upTo)
          : await this.#q.markDelivered.run(t, userId, sender, upTo);
      return info.changes > 0 ? t : null;
    });
  }

  /**
   * Messages of `sender` to this user's conversation not read yet, of those up to id `upTo` (a page
   * read just before counts only what it could show: a message stored between the two reads comes
   * to the device as its own event and is counted there, not twice).
   */
  async unread(userId: number, sender: KefuSender, upTo = Number.MAX_SAFE_INTEGER): Promise<number> {
    return (await this.#q.unread.get(userId, sender, upTo))!;
  }

  /** An image and its owner (the user of the conversation). */
  async image(id: string): Promise<ImageRow | undefined> {
    if (!/^[0-9a-f]{32}$/.test(id)) return undefined;
    return this.#q.image.get(id);
  }

  /** Conversations with their newest message, the most recent first. */
  async conversations(limit: number): Promise<KefuConversation[]> {
    const rows = await this.#q.conversations.all(limit);
    const names = await accounts(this.engine).accountsOf(rows.map((r) => r.user_id));
    return rows.flatMap((r) => {
      const account = names.get(r.user_id);
      return account === undefined
        ? []
        : [{ userId: r.user_id, account, last: toMessage(r), unread: r.unread }];
    });
  }
}
