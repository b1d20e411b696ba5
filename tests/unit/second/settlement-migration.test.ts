// The migration that moves settlements out of the option rows keeps every option and every result,
// leaves open options open, and from then on a settlement can be written once and never changed.
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate, sqliteEngine } from '../../../server/db/module';
import { allMigrations } from '../../../server/app';
import { migrationsUpTo, stepNames } from '../../support/db';
import { OptionStore } from '../../../server/second/option-store';
import { receiptOf } from '../../../server/second/dto';

const NAME = '024-second-settlements';

async function migratedUpTo(sqlite: SQLite.Database, last: string): Promise<Kysely<unknown>> {
  sqlite.pragma('foreign_keys = ON');
  const k = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
  await migrate(k, migrationsUpTo(last));
  return k;
}

describe('024-second-settlements', () => {
  it('moves each settled option’s result into second_settlements and keeps the open ones open', async () => {
    const sqlite = new SQLite(':memory:');
    const before = stepNames()[stepNames().indexOf(NAME) - 1]!;
    const k = await migratedUpTo(sqlite, before);
    sqlite.exec(`insert into users (id, account, account_kind, password_hash, promo_code, created_at)
      values (7, 'u7@example.com', 'email', 'x', 'INV7', 1)`);
    sqlite.exec(`insert into spot_trades (id, symbol, price_ticks, lots, quote_units, taker_side,
        maker_order_id, taker_order_id, maker_user_id, taker_user_id, maker_fee_units, taker_fee_units, ts)
      values (1, 'BTC/USDT', 6400000, 1, 1, 'buy', 0, 0, 0, 0, 0, 0, 1000),
             (2, 'BTC/USDT', 6400100, 1, 1, 'buy', 0, 0, 0, 0, 0, 0, 31000)`);
    const cols = `user_id, symbol, direction, seconds, coin, stake_units, payout_rate, payout_units,
      entry_trade_id, entry_price, entry_ts, accepted_at, expires_at, status, stake_tx_id, client_order_id`;
    sqlite.exec(`insert into second_options (id, ${cols}, exit_trade_id, exit_price, exit_ts, result,
        credited_units, settled_at, settle_tx_id, receipt)
      values (1, 7, 'BTC/USDT', 'up', 30, 'USDT', 1000000000, '0.85', 1850000000, 1, '64000.00', 1000,
        1001, 31001, 'settled', 11, 'c1', 2, '64001.00', 31000, 'won', 1850000000, 31002, 12, '{}')`);
    sqlite.exec(`insert into second_options (id, ${cols})
      values (2, 7, 'BTC/USDT', 'down', 60, 'USDT', 2000000000, '0.85', 3700000000, 2, '64001.00', 31000,
        31001, 91001, 'open', 13, null)`);

    await migrate(k, allMigrations());
    const engine = sqliteEngine(sqlite);
    const store = new OptionStore(engine);
    const won = (await store.get(1))!;
    expect(won).toMatchObject({
      status: 'settled',
      result: 'won',
      exitTradeId: 2,
      exitPrice: '64001.00',
      exitTs: 31000,
      creditedUnits: 1850000000n,
      settledAt: 31002,
      settleTxId: 12,
      stakeTxId: 11,
      clientOrderId: 'c1',
    });
    expect(receiptOf(won)).toEqual({
      rule: 'expiry',
      trades: [
        { role: 'entry', id: 1, price: '64000.00', ts: 1000 },
        { role: 'exit', id: 2, price: '64001.00', ts: 31000 },
      ],
      amounts: [
        { label: 'stake', coin: 'USDT', amount: '-10.00000000' },
        { label: 'payout', coin: 'USDT', amount: '18.50000000' },
      ],
      ledgerTxId: 12,
      ts: 31002,
    });
    expect(await store.get(2)).toMatchObject({
      status: 'open',
      result: null,
      exitTradeId: null,
      stakeTxId: 13,
    });
    expect((await store.open()).map((o) => o.id)).toEqual([2]);
    const settledList = await store.list(7, {
      status: 'settled',
      symbol: null,
      result: null,
      before: 99,
      limit: 10,
    });
    expect(settledList.map((o) => o.id)).toEqual([1]);
    expect(
      await store.list(7, { status: 'open', symbol: null, result: null, before: 99, limit: 10 }),
    ).toHaveLength(1);
    expect(
      await store.list(7, { status: 'all', symbol: null, result: 'won', before: 99, limit: 10 }),
    ).toHaveLength(1);

    // A settlement is final: no second one for the same option, no update, no delete.
    const settle = (id: number) =>
      sqlite
        .prepare(
          `insert into second_settlements values (?, 2, '64001.00', 31000, 'lost', 0, 99999, 99, 'expiry')`,
        )
        .run(id);
    expect(() => settle(1)).toThrow(/UNIQUE|PRIMARY/);
    expect(() => sqlite.exec(`update second_settlements set result = 'lost'`)).toThrow(/final/);
    expect(() => sqlite.exec('delete from second_settlements')).toThrow(/final/);
    expect(() =>
      sqlite
        .prepare(
          `insert into second_settlements values (2, 2, '64001.00', 31000, 'lost', 0, 1, 99, 'manual')`,
        )
        .run(),
    ).toThrow(/CHECK/);
    expect((await store.get(1))!.result).toBe('won');

    // A settlement written through the store's multi-row statement, in a writer command.
    await engine.writer.run(async () => {
      store.addSettlement(2, {
        exitTradeId: 2,
        exitPrice: '64001.00',
        exitTs: 31000,
        result: 'lost',
        creditedUnits: 0n,
        settledAt: 91002,
        settleTxId: 14,
      });
      await store.flushSettlements();
    });
    expect(await store.get(2)).toMatchObject({ status: 'settled', result: 'lost', settleTxId: 14 });
    // A second settlement of an option fails its command and leaves the first.
    await expect(
      engine.writer.run(async () => {
        store.addSettlement(1, {
          exitTradeId: 2,
          exitPrice: '64001.00',
          exitTs: 31000,
          result: 'lost',
          creditedUnits: 0n,
          settledAt: 99999,
          settleTxId: 99,
        });
        await store.flushSettlements();
      }),
    ).rejects.toThrow(/UNIQUE|PRIMARY/);
    expect(await store.get(1)).toMatchObject({ result: 'won', settleTxId: 12 });
    await engine.close();
    await k.destroy();
  });
});
