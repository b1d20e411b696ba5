import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { openTestDatabase, type Db } from '../../support/db';
import { ConfigError, loadConfig } from '../../../server/config';
import type { Engine } from '../../../server/db';
import { createMessageSender, type MessageSender } from '../../../server/messaging';
import { OutboxSender, readOutbox } from '../../../server/sim/outbox';

let db: Db;
beforeEach(async () => {
  db = await openTestDatabase(':memory:');
});
afterEach(() => db.close());

const log = { info: () => {} } as unknown as FastifyBaseLogger;

describe('createMessageSender', () => {
  it('builds one simulated outbox on the engine for both channels in demo mode', async () => {
    const built: Engine[] = [];
    const sender = createMessageSender({
      config: loadConfig({}),
      engine: db.engine,
      log,
      simulated: (engine, l): MessageSender => {
        built.push(engine);
        return new OutboxSender(engine, l, false);
      },
    });
    expect(built).toEqual([db.engine]);
    expect(sender.simulated).toBe(true);
    const message = { subject: 's', body: 'b' };
    await sender.send('a@example.com', 'email', 'register', message, '123456');
    await sender.send('13800000000', 'mobile', 'register', message, '654321');
    expect((await readOutbox(db.engine, '13800000000')).map((m) => m.code)).toEqual(['654321']);
  });

  it('refuses the simulated outbox in production', () => {
    const config = { ...loadConfig({}), mode: 'production' as const };
    expect(() =>
      createMessageSender({
        config,
        engine: db.engine,
        log,
        simulated: (engine, l) => new OutboxSender(engine, l, false),
      }),
    ).toThrow(ConfigError);
  });
});
