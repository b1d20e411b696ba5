// The ledger's invariant check (`ledgerViolations`, run by `ops db/copy` on the copy and by the tests)
// on the server's schema of each engine: it finds each kind of violation, and on a journal of many
// lines per holder it finishes within the engine's statement timeout (10 s on PostgreSQL).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations } from '../../../server/app';
import type { Engine, EngineName } from '../../../server/db';
import { openDatabase, openPostgresDatabase } from '../../../server/db/module';
import { ledgerViolations } from '../../../server/ledger';
import { ensurePostgres, freshPostgres } from '../../support/postgres';

/** Transactions of the seed: each moves 1 unit from the world (-1) to user 1 in one of COINS coins. */
const TXS = 100_000;
const COINS = 100;

/** A series 1..n, as both engines write it. */
const series = (n: number) =>
  `with recursive s(k) as (select 1 union all select k + 1 from s where k < ${n})`;

/**
 * Seeds a sound ledger: TXS transactions of two lines each, the coins taken in turn, so every holder's
 * lines of one coin are COINS lines apart in the journal; `balance_after` runs per holder and field;
 * balances are the journal's sums.
 */
const SEED = [
  `${series(TXS)} insert into ledger_tx (id, kind, ref_type, ref_id, actor, created_at)
     select k, 'test', 'test', cast(k as text), 'test', 0 from s`,
  `${series(TXS)}, lines as (
     select 2 * k - 1 as id, k as tx_id, 1 as user_id, 'C' || cast(k % ${COINS} as text) as coin, 1 as delta from s
     union all
     select 2 * k, k, -1, 'C' || cast(k % ${COINS} as text), -1 from s)
   insert into journal (id, tx_id, user_id, account, coin, field, delta, balance_after, created_at)
     select id, tx_id, user_id, 'spot', coin, 'available', delta,
       sum(delta) over (partition by user_id, coin order by id), 0
     from lines`,
  `insert into balances (user_id, account, coin, available, frozen)
     select user_id, account, coin, sum(delta), 0 from journal group by user_id, account, coin`,
];

const why = await ensurePostgres();

describe.each<EngineName>(['sqlite', 'postgres'])('the ledger check on %s', (kind) => {
  let engine: Engine;
  let exec: (text: string) => Promise<void>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    if (kind === 'sqlite') {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-check-'));
      const db = await openDatabase(dir, allMigrations());
      engine = db.engine;
      exec = async (text) => void db.sqlite.exec(text);
      close = async () => {
        await db.close();
        fs.rmSync(dir, { recursive: true, force: true });
      };
    } else {
      if (why) throw new Error(`PostgreSQL is not available: ${why}`);
      const fresh = await freshPostgres();
      const db = await openPostgresDatabase(fresh.url, allMigrations());
      engine = db.engine;
      const pg = await import('pg');
      const c = new pg.default.Client({ connectionString: fresh.url });
      await c.connect();
      exec = async (text) => void (await c.query(text));
      close = async () => {
        await c.end();
        await db.close();
        await fresh.drop();
      };
    }
    for (const text of SEED) await exec(text);
  }, 120_000);
  afterAll(() => close());

  it('passes a sound ledger of 200,000 lines within the statement timeout', async () => {
    expect(await ledgerViolations(engine)).toEqual([]);
  }, 60_000);

  it('names a balance that left its journal, a line that does not balance and a coin not conserved', async () => {
    await exec(`update balances set available = available + 7 where user_id = 1 and coin = 'C5'`);
    await exec(`insert into ledger_tx (id, kind, ref_type, ref_id, actor, created_at)
                values (${TXS + 1}, 'test', 'test', 'x', 'test', 0)`);
    // One line alone: its transaction sums to 3, and C9's balance no longer matches its journal.
    await exec(`insert into journal (id, tx_id, user_id, account, coin, field, delta, balance_after, created_at)
                values (${2 * TXS + 1}, ${TXS + 1}, 1, 'spot', 'C9', 'available', 3, 0, 0)`);
    const n = TXS / COINS;
    expect((await ledgerViolations(engine)).sort()).toEqual(
      [
        `1/spot/C5: available ${n + 7} != journal ${n}`,
        `1/spot/C5: last balance_after ${n} != ${n + 7}`,
        `1/spot/C9: available ${n} != journal ${n + 3}`,
        `1/spot/C9: last balance_after 0 != ${n}`,
        `tx ${TXS + 1} C9: sums to 3`,
        `coin C5: total 7 is not conserved`,
      ].sort(),
    );
  }, 60_000);
});
