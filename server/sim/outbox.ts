import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AccountKind, CodeScene, OutboxMessage } from '../../domain';
import type { Database } from '../db';
import type { CodeMessage, MessageSender } from '../messaging';

export type { CodeMessage, MessageSender } from '../messaging';

/**
 * SIMULATOR. The embedded default sender: it delivers nothing, it writes each message to the
 * `outbox` table and the log. In demo mode the app reads codes back through `dev/outbox`.
 * Production never builds it (server/messaging): it stores codes in plain text.
 */
export class OutboxSender implements MessageSender {
  readonly simulated = true;
  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    /** Log the code itself; only in demo mode, as logs outlive codes and reach more people. */
    private readonly logCodes: boolean,
  ) {}

  async send(
    to: string,
    channel: AccountKind,
    scene: CodeScene,
    message: CodeMessage,
    code: string,
  ): Promise<void> {
    await this.db
      .insertInto('outbox')
      .values({ channel, recipient: to, scene, body: message.body, code, created_at: Date.now() })
      .execute();
    this.log.info(
      { to, channel, scene, ...(this.logCodes && { code }) },
      'outbox simulator: message stored, not delivered',
    );
  }
}

/** Newest first, at most `limit` messages for `account`. */
export async function readOutbox(
  db: Kysely<Database>,
  account: string,
  limit = 20,
): Promise<OutboxMessage[]> {
  const rows = await db
    .selectFrom('outbox')
    .selectAll()
    .where('recipient', '=', account)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    to: r.recipient,
    channel: r.channel,
    scene: r.scene,
    body: r.body,
    code: r.code,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
