import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addressFormatOk, toUnits, type AddressFormat, type ChainInfo } from '../../../domain';
import type { ChainTransfer } from '../../../server/assets/chain';
import { openTestDatabase, type Db } from '../../support/db';
import { WriterUnavailableError } from '../../../server/db';
import { DEFAULT_CATALOG } from '../../../server/market/catalog';
import { SimChain, SimTxConflictError } from '../../../server/sim/sim-chain';

const CHAINS = DEFAULT_CATALOG.chains;
const FORMATS: AddressFormat[] = ['tron', 'evm', 'bitcoin', 'litecoin', 'dogecoin', 'solana', 'xrp'];
const EXPECTED_SHAPE: Record<AddressFormat, RegExp> = {
  tron: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  evm: /^0x[0-9a-f]{40}$/,
  bitcoin: /^bc1q[02-9ac-hj-np-z]{38}$/,
  litecoin: /^ltc1q[02-9ac-hj-np-z]{38}$/,
  dogecoin: /^D[1-9A-HJ-NP-Za-km-z]{33}$/,
  solana: /^[1-9A-HJ-NP-Za-km-z]{44}$/,
  xrp: /^r[1-9A-HJ-NP-Za-km-z]{33}$/,
};

let dir: string;
let db: Db;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-chain-'));
  db = await openTestDatabase(dir);
});
afterEach(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const chainOf = (chains: readonly ChainInfo[] = CHAINS) => SimChain.open(db.engine, chains, { blockMs: 0 });

function recorder(sim: SimChain) {
  const transfers: ChainTransfer[] = [];
  const blocks: Array<[string, number]> = [];
  sim.subscribe({
    onTransfer: (tx) => void transfers.push(tx),
    onBlock: (chain, height) => void blocks.push([chain, height]),
  });
  return { transfers, blocks };
}

describe('SimChain addresses', () => {
  it('writes every chain of the catalog in its own format', async () => {
    const sim = await chainOf();
    for (const chain of CHAINS) {
      for (const user of [1, 2, 999_999]) {
        const address = sim.depositAddress(user, chain.id);
        expect(addressFormatOk(chain.format, address), `${chain.id} ${address}`).toBe(true);
        expect(address).toMatch(EXPECTED_SHAPE[chain.format]);
      }
    }
  });

  it('writes every address format, not only those the catalog uses', async () => {
    const chains = FORMATS.map((format) => ({ id: `X-${format}`, name: format, format }));
    const sim = await chainOf(chains);
    for (const c of chains) {
      for (let user = 1; user <= 50; user++) {
        expect(sim.depositAddress(user, c.id)).toMatch(EXPECTED_SHAPE[c.format]);
      }
    }
  });

  it('gives one address per user and chain: the same again, another for another user or chain', async () => {
    const sim = await chainOf();
    expect(sim.depositAddress(7, 'TRC20')).toBe(sim.depositAddress(7, 'TRC20'));
    expect(sim.depositAddress(7, 'TRC20')).not.toBe(sim.depositAddress(8, 'TRC20'));
    // Both are EVM chains, and `deposit_addresses.address` is unique across chains.
    expect(sim.depositAddress(7, 'ERC20')).not.toBe(sim.depositAddress(7, 'BEP20'));
    const all = new Set<string>();
    for (let user = 1; user <= 200; user++) for (const c of CHAINS) all.add(sim.depositAddress(user, c.id));
    expect(all.size).toBe(200 * CHAINS.length);
  });

  it('keeps addresses across a new instance on the same database, and a new database gets others', async () => {
    const first = await chainOf();
    const before = CHAINS.map((c) => first.depositAddress(42, c.id));
    // Instances opened together on the same database keep the first one's secret.
    const [a, b] = await Promise.all([chainOf(), chainOf()]);
    expect(a.depositAddress(42, 'TRC20')).toBe(before[0]);
    expect(b.depositAddress(42, 'TRC20')).toBe(before[0]);
    await db.close();
    db = await openTestDatabase(dir);
    const again = await chainOf();
    expect(CHAINS.map((c) => again.depositAddress(42, c.id))).toEqual(before);

    const other = await openTestDatabase(':memory:');
    try {
      const fresh = await SimChain.open(other.engine, CHAINS, { blockMs: 0 });
      expect(fresh.depositAddress(42, 'TRC20')).not.toBe(before[0]);
    } finally {
      await other.close();
    }
  });

  it('refuses a chain it does not run', async () => {
    const sim = await chainOf();
    expect(() => sim.depositAddress(1, 'NOPE')).toThrow(/NOPE/);
  });
});

describe('SimChain blocks and transfers', () => {
  const deposit = (sim: SimChain, amount = '5') =>
    sim.sendDeposit({
      chain: 'TRC20',
      coin: 'USDT',
      address: sim.depositAddress(1, 'TRC20'),
      amount: toUnits(amount),
    });
  const txCount = () => db.sqlite.prepare('select count(*) from sim_chain_txs').pluck().get();

  it('reports a transfer unconfirmed, then in the next block, then each block', async () => {
    const sim = await chainOf();
    const { transfers, blocks } = recorder(sim);
    const sent = await deposit(sim);
    expect(sent).toMatchObject({ vout: 0, blockHeight: null, replayed: false });
    expect(sent.txid).toMatch(/^[0-9a-f]{64}$/);
    expect(transfers).toEqual([
      expect.objectContaining({ txid: sent.txid, blockHeight: null, amount: 500_000_000n }),
    ]);

    expect(await sim.mine('TRC20', 3)).toEqual({ TRC20: 3 });
    expect(transfers[1]).toMatchObject({
      txid: sent.txid,
      vout: 0,
      blockHeight: 1,
      coin: 'USDT',
      chain: 'TRC20',
    });
    expect(blocks).toEqual([
      ['TRC20', 1],
      ['TRC20', 2],
      ['TRC20', 3],
    ]);
    expect(sim.height('TRC20')).toBe(3);
    expect(sim.height('BTC')).toBe(0);

    // Mined once: the next blocks do not report it again.
    await sim.mine(null, 1);
    expect(transfers).toHaveLength(2);
    expect(sim.height('TRC20')).toBe(4);
    expect(sim.height('BTC')).toBe(1);
  });

  it('settles only after its listeners have, so a caller finds what they stored', async () => {
    const sim = await chainOf();
    const seen: string[] = [];
    sim.subscribe({
      onTransfer: async (tx) => {
        await new Promise((r) => setTimeout(r, 20));
        seen.push(`transfer ${tx.blockHeight}`);
      },
      onBlock: async (_, height) => {
        await new Promise((r) => setTimeout(r, 5));
        seen.push(`block ${height}`);
      },
    });
    await deposit(sim);
    expect(seen).toEqual(['transfer null']);
    await sim.mine('TRC20', 2);
    expect(seen).toEqual(['transfer null', 'transfer 1', 'block 1', 'block 2']);
  });

  it('mines blocks asked for together one after another, never twice at one height', async () => {
    const sim = await chainOf();
    const { blocks } = recorder(sim);
    await deposit(sim);
    const heights = await Promise.all([sim.mine('TRC20', 2), sim.mine('TRC20', 3), sim.mine(null, 1)]);
    expect(heights).toEqual([{ TRC20: 2 }, { TRC20: 5 }, expect.objectContaining({ TRC20: 6, BTC: 1 })]);
    expect(sim.height('TRC20')).toBe(6);
    expect(blocks.filter(([c]) => c === 'TRC20').map(([, h]) => h)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(
      db.sqlite.prepare(`select height from sim_chain_heights where chain = 'TRC20'`).pluck().get(),
    ).toBe(6);
    expect(db.sqlite.prepare('select block_height from sim_chain_txs').pluck().all()).toEqual([1]);
  });

  it('keeps heights and unmined transfers across a restart, and reports them again on start', async () => {
    const sim = await chainOf();
    await sim.mine(null, 10);
    const mined = await deposit(sim, '1');
    await sim.mine('TRC20', 1);
    const waiting = await deposit(sim, '2');
    await db.close();
    db = await openTestDatabase(dir);

    const again = await chainOf();
    expect(again.height('TRC20')).toBe(11);
    expect(again.height('BTC')).toBe(10);
    const { transfers, blocks } = recorder(again);
    await again.start();
    await again.stop();
    expect(transfers.map((t) => [t.txid, t.blockHeight])).toEqual([
      [mined.txid, 11],
      [waiting.txid, null],
    ]);
    expect(blocks).toContainEqual(['TRC20', 11]);
    expect(blocks).toContainEqual(['BTC', 10]);

    await again.mine('TRC20', 1);
    expect(transfers.at(-1)).toMatchObject({ txid: waiting.txid, blockHeight: 12 });
  });

  it('reports a replayed txid again without a second transaction, and refuses other terms', async () => {
    const sim = await chainOf();
    const { transfers } = recorder(sim);
    const address = sim.depositAddress(1, 'TRC20');
    const first = await sim.sendDeposit({
      chain: 'TRC20',
      coin: 'USDT',
      address,
      amount: 7n,
      txid: 'abcdef0123',
    });
    await sim.mine('TRC20', 1);
    const again = await sim.sendDeposit({
      chain: 'TRC20',
      coin: 'USDT',
      address,
      amount: 7n,
      txid: 'abcdef0123',
    });
    expect(first).toMatchObject({ txid: 'abcdef0123', replayed: false });
    expect(again).toMatchObject({ txid: 'abcdef0123', replayed: true, blockHeight: 1 });
    expect(transfers.map((t) => t.blockHeight)).toEqual([null, 1, 1]);
    expect(txCount()).toBe(1);
    await expect(
      sim.sendDeposit({ chain: 'TRC20', coin: 'USDT', address, amount: 8n, txid: 'abcdef0123' }),
    ).rejects.toThrow(SimTxConflictError);
    expect(transfers).toHaveLength(3);
  });

  it('sends one transaction for a txid sent twice at once, and reports the second as a replay', async () => {
    const sim = await chainOf();
    const req = {
      chain: 'TRC20',
      coin: 'USDT',
      address: sim.depositAddress(1, 'TRC20'),
      amount: 7n,
      txid: 'fedcba9876',
    };
    const [a, b] = await Promise.all([sim.sendDeposit(req), sim.sendDeposit(req)]);
    expect([a.replayed, b.replayed]).toEqual([false, true]);
    expect(txCount()).toBe(1);
  });

  it('runs the audit inside the command: a failing audit stores nothing', async () => {
    const sim = await chainOf();
    const { transfers } = recorder(sim);
    await expect(
      sim.sendDeposit(
        { chain: 'TRC20', coin: 'USDT', address: sim.depositAddress(1, 'TRC20'), amount: 1n },
        () => Promise.reject(new Error('journal down')),
      ),
    ).rejects.toThrow('journal down');
    await expect(
      sim.mine('TRC20', 2, () => {
        throw new Error('journal down');
      }),
    ).rejects.toThrow('journal down');
    expect(txCount()).toBe(0);
    expect(sim.height('TRC20')).toBe(0);
    expect(
      db.sqlite.prepare(`select height from sim_chain_heights where chain = 'TRC20'`).pluck().get(),
    ).toBe(0);
    expect(transfers).toEqual([]);
  });

  it('keeps mining when a listener throws or rejects', async () => {
    const log = { warn: vi.fn(), error: vi.fn() };
    const sim = await SimChain.open(db.engine, CHAINS, { blockMs: 0, log });
    sim.subscribe({
      onTransfer: () => undefined,
      onBlock: (_, height) => {
        if (height === 1) throw new Error('listener broke');
        return Promise.reject(new Error('listener refused'));
      },
    });
    expect(await sim.mine('BTC', 2)).toEqual({ BTC: 2 });
    expect(log.error).toHaveBeenCalledTimes(2);
  });

  it('mines one block on every chain per blockMs once started, and stop waits for the block under way', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const sim = await SimChain.open(db.engine, CHAINS, { blockMs: 1000 });
      await sim.start();
      for (let h = 1; h <= 3; h++) {
        vi.advanceTimersByTime(1000);
        await vi.waitFor(() => expect(sim.height('TRC20')).toBe(h));
      }
      expect(CHAINS.map((c) => sim.height(c.id))).toEqual(CHAINS.map(() => 3));
      vi.advanceTimersByTime(1000);
      // The fourth block is under way; stop lets it finish and then no other starts.
      await sim.stop();
      expect(sim.height('TRC20')).toBe(4);
      vi.advanceTimersByTime(5000);
      await db.engine.writer.idle();
      expect(sim.height('TRC20')).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('logs a block the database refused and mines again on the next tick', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const log = { warn: vi.fn(), error: vi.fn() };
    try {
      const sim = await SimChain.open(db.engine, CHAINS, { blockMs: 1000, log });
      await sim.start();
      const run = db.engine.writer.run.bind(db.engine.writer);
      const refuse = vi
        .spyOn(db.engine.writer, 'run')
        .mockImplementationOnce(() => Promise.reject(new WriterUnavailableError('busy')));
      vi.advanceTimersByTime(1000);
      await vi.waitFor(() => expect(log.error).toHaveBeenCalledTimes(1));
      expect(sim.height('TRC20')).toBe(0);
      refuse.mockImplementation(run);
      vi.advanceTimersByTime(1000);
      await vi.waitFor(() => expect(sim.height('TRC20')).toBe(1));
      await sim.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses non-positive amounts and block counts', async () => {
    const sim = await chainOf();
    await expect(sim.sendDeposit({ chain: 'TRC20', coin: 'USDT', address: 'T', amount: 0n })).rejects.toThrow(
      RangeError,
    );
    await expect(sim.mine(null, 0)).rejects.toThrow(RangeError);
    await expect(sim.mine('NOPE', 1)).rejects.toThrow(RangeError);
  });
});
