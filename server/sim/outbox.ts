import type { Database as SqliteDb } from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountKind, CodeScene, OutboxMessage } from '../../domain';
import { prepareAll, sql, type PreparedSet } from '../db';
import type { CodeMessage, MessageSender } from '../messaging';

export type { CodeMessage, MessageSender } from '../messaging';

/** The statements over `outbox`, named by what they do. */
const STATEMENTS = {
  store: sql<
    [channel: AccountKind, recipient: string, scene: CodeScene, body: string, code: string, createdAt: number]
  >('insert into outbox (channel, recipient, scene, body, code, created_at) values (?, ?, ?, ?, ?, ?)'),
  newestOf: sql<[recipient: string, limit: number], OutboxMessage>(
    'select * from outbox where recipient = ? order by id desc limit ?',
    (r) => ({
      to: r.recipient as string,
      channel: r.channel as AccountKind,
      scene: r.scene as CodeScene,
      body: r.body as string,
      code: r.code as string,
      createdAt: new Date(r.created_at as number).toISOString(),
    }),
  ),
};

/**
 * SIMULATOR. The embedded default sender: it delivers nothing, it writes each message to the
 * `outbox` table and the log. In demo mode the app reads codes back through `dev/outbox`.
 * Production never builds it (server/messaging): it stores codes in plain text.
 */
export class OutboxSender implements MessageSender {
  readonly simulated = true;
  readonly #q: PreparedSet<typeof STATEMENTS>;

  constructor(
    sqlite: SqliteDb,
    private readonly log: FastifyBaseLogger,
    /** Log the code itself; only in demo mode, as logs outlive codes and reach more people. */
    private readonly logCodes: boolean,
  ) {
    this.#q = prepareAll(sqlite, STATEMENTS);
  }

  async send(
    to: string,
    channel: AccountKind,
    scene: CodeScene,
    message: CodeMessage,
    code: string,
  ): Promise<void> {
    this.#q.store.run(channel, to, scene, message.body, code, Date.now());
    this.log.info(
      { to, channel, scene, ...(this.logCodes && { code }) },
      'outbox simulator: message stored, not delivered',
    );
  }
}

/** Newest first, at most `limit` messages for `account`. */
export async function readOutbox(sqlite: SqliteDb, account: string, limit = 20): Promise<OutboxMessage[]> {
  // A demo-only read: prepared per call, as the query builder compiled it per call before.
  return prepareAll(sqlite, STATEMENTS).newestOf.all(account, limit);
}
