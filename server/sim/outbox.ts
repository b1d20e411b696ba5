import type { FastifyBaseLogger } from 'fastify';
import type { AccountKind, CodeScene, OutboxMessage } from '../../domain';
import { sql, statementsOf, type AsyncPreparedSet, type Engine } from '../db';
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
      createdAt: new Date(Number(r.created_at)).toISOString(),
    }),
  ),
};

/**
 * SIMULATOR. The embedded default sender: it delivers nothing, it writes each message to the
 * `outbox` table and the log. In demo mode the app reads codes back through `dev/outbox`.
 * Production never builds it (server/messaging): it stores codes in plain text. Each message is a
 * writer command of its own (or a step of the caller's command, when sent inside one).
 */
export class OutboxSender implements MessageSender {
  readonly simulated = true;
  readonly #q: AsyncPreparedSet<typeof STATEMENTS>;

  constructor(
    private readonly engine: Engine,
    private readonly log: FastifyBaseLogger,
    /** Log the code itself; only in demo mode, as logs outlive codes and reach more people. */
    private readonly logCodes: boolean,
  ) {
    this.#q = statementsOf(engine, STATEMENTS);
  }

  async send(
    to: string,
    channel: AccountKind,
    scene: CodeScene,
    message: CodeMessage,
    code: string,
  ): Promise<void> {
    const createdAt = Date.now();
    await this.engine.writer.run(() => this.#q.store.run(channel, to, scene, message.body, code, createdAt));
    this.log.info(
      { to, channel, scene, ...(this.logCodes && { code }) },
      'outbox simulator: message stored, not delivered',
    );
  }
}

/** Newest first, at most `limit` committed messages for `account`. */
export function readOutbox(engine: Engine, account: string, limit = 20): Promise<OutboxMessage[]> {
  // A demo-only read: bound per call (binding prepares nothing; each connection keeps its statements).
  return statementsOf(engine, STATEMENTS).newestOf.all(account, limit);
}
