import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DepositAddress } from '../../domain';
import { registerUser } from '../support/accounts';
import { removeTestData, startTestServer, type TestServer } from '../support/server';
import { call, dataOf, violations } from '../support/assets';
import { withServerDb } from '../support/server-db';
import {
  cryptoCredits,
  mine,
  myDeposits,
  NO_TIMER_BLOCK_MS,
  simDeposit,
  spotAvailable,
} from '../support/deposits';

// Each test owns a data directory and runs one server after another on it.
const dirs: string[] = [];
let running: TestServer | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
  for (const dir of dirs.splice(0)) {
    expect(await violations(dir)).toEqual([]);
    await removeTestData(dir);
  }
});

async function boot(dataDir: string): Promise<string> {
  await running?.stop();
  running = await startTestServer({
    dataDir,
    operatorToken: 'test-token',
    simChainBlockMs: NO_TIMER_BLOCK_MS,
  });
  return running.origin;
}

function freshDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-restart-'));
  dirs.push(dir);
  return dir;
}

describe('deposits across a server restart', () => {
  it('keep the address, heights and confirmations, and reach final exactly once', async () => {
    const dir = freshDir();
    let origin = await boot(dir);
    const grant = await registerUser(origin);
    const { token, user } = grant;
    const before = dataOf<DepositAddress>(
      await call(origin, 'assets/depositAddress', token, { coin: 'USDT', chain: 'TRC20' }),
    );
    const credited = await simDeposit(origin, {
      chain: 'TRC20',
      coin: 'USDT',
      amount: '5',
      account: user.account,
    });
    await mine(origin, 2, 'TRC20');
    const waiting = await simDeposit(origin, {
      chain: 'TRC20',
      coin: 'USDT',
      amount: '1',
      account: user.account,
    });
    expect((await myDeposits(origin, token)).map((d) => [d.txid, d.status, d.confirmations])).toEqual([
      [waiting.txid, 'pending', 0],
      [credited.txid, 'credited', 2],
    ]);

    origin = await boot(dir);
    const after = dataOf<DepositAddress>(
      await call(origin, 'assets/depositAddress', token, { coin: 'USDT', chain: 'TRC20' }),
    );
    expect(after.address).toBe(before.address);
    // Restarting replays recent blocks and the mempool: nothing moves, nothing is credited twice.
    expect((await myDeposits(origin, token)).map((d) => [d.status, d.confirmations])).toEqual([
      ['pending', 0],
      ['credited', 2],
    ]);
    expect(await spotAvailable(origin, token, 'USDT')).toBe('5.00000000');

    // The transfer that waited in the mempool is mined by the first block after the restart.
    expect(await mine(origin, 1, 'TRC20')).toEqual({ TRC20: 3 });
    expect((await myDeposits(origin, token)).map((d) => [d.status, d.confirmations])).toEqual([
      ['credited', 1],
      ['credited', 3],
    ]);
    expect(await spotAvailable(origin, token, 'USDT')).toBe('6.00000000');

    origin = await boot(dir);
    await mine(origin, 3, 'TRC20');
    expect((await myDeposits(origin, token)).map((d) => [d.status, d.confirmations])).toEqual([
      ['credited', 4],
      ['final', 6],
    ]);
    origin = await boot(dir);
    await mine(origin, 5);
    expect((await myDeposits(origin, token)).map((d) => d.status)).toEqual(['final', 'final']);
    expect(await spotAvailable(origin, token, 'USDT')).toBe('6.00000000');
    expect(await cryptoCredits(dir, user.id)).toBe(2);
  });

  it('catch up on blocks the chain recorded before the deposit service saw them', async () => {
    const dir = freshDir();
    let origin = await boot(dir);
    const { token, user } = await registerUser(origin);
    await simDeposit(origin, { chain: 'BTC', coin: 'BTC', amount: '0.5', account: user.account });
    await running!.stop();
    running = undefined;

    // As if the process died between the chain's block and the service's update: the block is stored,
    // the deposit still pending.
    await withServerDb(
      dir,
      async (db) => {
        await db.run(`update sim_chain_heights set height = height + 7 where chain = 'BTC'`);
        await db.run(
          `update sim_chain_txs set block_height = (select height - 6 from sim_chain_heights where chain = 'BTC')
                    where chain = 'BTC'`,
        );
      },
      { write: true },
    );
    origin = await boot(dir);
    expect(await myDeposits(origin, token)).toEqual([
      expect.objectContaining({ status: 'final', confirmations: 7 }),
    ]);
    expect(await spotAvailable(origin, token, 'BTC')).toBe('0.50000000');
    expect(await cryptoCredits(dir, user.id)).toBe(1);
  });
});
