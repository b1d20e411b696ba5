import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { openTestDatabase, type Db } from '../../support/db';
import { OutboxSender, readOutbox } from '../../../server/sim/outbox';

let db: Db;
beforeEach(async () => {
  db = await openTestDatabase(':memory:');
});
afterEach(() => db.close());

/** A logger that keeps what it was told. */
function recordingLog(): { log: FastifyBaseLogger; lines: unknown[] } {
  const lines: unknown[] = [];
  const log = { info: (obj: unknown) => void lines.push(obj) } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('OutboxSender (simulated delivery)', () => {
  it('stores each message as a command of its own and reads them back newest first', async () => {
    const { log, lines } = recordingLog();
    const outbox = new OutboxSender(db.engine, log, false);
    const message = (n: number) => ({ subject: 's', body: `code 00000${n}` });
    await outbox.send('a@example.com', 'email', 'register', message(1), '000001');
    await outbox.send('13800000000', 'mobile', 'forget', message(2), '000002');
    await outbox.send('a@example.com', 'email', 'setPwd', message(3), '000003');
    const got = await readOutbox(db.engine, 'a@example.com');
    expect(got.map((m) => [m.scene, m.code, m.body])).toEqual([
      ['setPwd', '000003', 'code 000003'],
      ['register', '000001', 'code 000001'],
    ]);
    expect(got[0]?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await readOutbox(db.engine, 'a@example.com', 1)).toHaveLength(1);
    // Without logCodes the log names the message, never its code.
    expect(JSON.stringify(lines)).not.toContain('000001');
    expect(lines).toHaveLength(3);
  });
});
