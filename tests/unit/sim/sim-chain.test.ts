import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addressFormatOk, toUnits, type AddressFormat, type ChainInfo } from '../../../domain';
import type { ChainTransfer } from '../../../server/assets/chain';
import { openTestDatabase, type Db } from '../../support/db';
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

const chainOf = (chains: readonly ChainInfo[] = CHAINS) => new SimChain(db.sqlite, chains, { blockMs: 0 });

function recorder(sim: SimChain) {
  const transfers: ChainTransfer[] = [];
  const blocks: Array<[string, number]> = [];
  sim.subscribe({
    onTransfer: (tx) => transfers.push(tx),
    onBlock: (chain, height) => blocks.push([chain, height]),
  });
  return { transfers, blocks };
}

describe('SimChain addresses', () => {
  it('writes every chain of the catalog in its own format', () => {
    const sim = chainOf();
    for (const chain of CHAINS) {
      for (const user of [1, 2, 999_999]) {
        const address = sim.depositAddress(user, chain.id);
        expect(addressFormatOk(chain.format, address), `${chain.id} ${address}`).toBe(true);
        expect(address).toMatch(EXPECTED_SHAPE[chain.format]);
      }
    }
  });

  it('writes every address format, not only those the catalog uses', () => {
    const chains = FORMATS.map((format) => ({ id: `X-${format}`, name: format, format }));
    const sim = chainOf(chains);
    for (const c of chains) {
      for (let user = 1; user <= 50; user++) {
        expect(sim.depositAddress(user, c.id)).toMatch(EXPECTED_SHAPE[c.format]);
      }
    }
  });

  it('gives one address per user and chain: the same again, another for another user or chain', () => {
    const sim = chainOf();
    expect(sim.depositAddress(7, 'TRC20')).toBe(sim.depositAddress(7, 'TRC20'));
    expect(sim.depositAddress(7, 'TRC20')).not.toBe(sim.depositAddress(8, 'TRC20'));
    // Both are EVM chains, and `deposit_addresses.address` is unique across chains.
    expect(sim.depositAddress(7, 'ERC20')).not.toBe(sim.depositAddress(7, 'BEP20'));
    const all = new Set<string>();
    for (let user = 1; user <= 200; user++) for (const c of CHAINS) all.add(sim.depositAddress(user, c.id));
    expect(all.size).toBe(200 * CHAINS.length);
  });

  it('keeps addresses across a new instance on the same database, and a new database gets others', async () => {
    const before = CHAINS.map((c) => chainOf().depositAddress(42, c.id));
    await db.close();
    db = await openTestDatabase(dir);
    expect(CHAINS.map((c) => chainOf().depositAddress(42, c.id))).toEqual(before);

    const other = await openTestDatabase(':memory:');
    try {
      const fresh = new SimChain(other.sqlite, CHAINS, { blockMs: 0 });
      expect(fresh.depositAddress(42, 'TRC20')).not.toBe(before[0]);
    } finally {
      await other.close();
    }
  });

  it('refuses a chain it does not run', () => {
    expect(() => chainOf().depositAddress(1, 'NOPE')).toThrow(/NOPE/);
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

  it('reports a transfer unconfirmed, then in the next block, then each block', () => {
    const sim = chainOf();
    const { transfers, blocks } = recorder(sim);
    const sent = deposit(sim);
    expect(sent).toMatchObject({ vout: 0, blockHeight: null, replayed: false });
    expect(sent.txid).toMatch(/^[0-9a-f]{64}$/);
    expect(transfers).toEqual([
      expect.objectContaining({ txid: sent.txid, blockHeight: null, amount: 500_000_000n }),
    ]);

    expect(sim.mine('TRC20', 3)).toEqual({ TRC20: 3 });
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
    sim.mine(null, 1);
    expect(transfers).toHaveLength(2);
    expect(sim.height('TRC20')).toBe(4);
    expect(sim.height('BTC')).toBe(1);
  });

  it('keeps heights and unmined transfers across a restart, and reports them again on start', async () => {
    const sim = chainOf();
    sim.mine(null, 10);
    const mined = deposit(sim, '1');
    sim.mine('TRC20', 1);
    const waiting = deposit(sim, '2');
    await db.close();
    db = await openTestDatabase(dir);

    const again = chainOf();
    expect(again.height('TRC20')).toBe(11);
    expect(again.height('BTC')).toBe(10);
    const { transfers, blocks } = recorder(again);
    again.start();
    again.stop();
    expect(transfers.map((t) => [t.txid, t.blockHeight])).toEqual([
      [mined.txid, 11],
      [waiting.txid, null],
    ]);
    expect(blocks).toContainEqual(['TRC20', 11]);
    expect(blocks).toContainEqual(['BTC', 10]);

    again.mine('TRC20', 1);
    expect(transfers.at(-1)).toMatchObject({ txid: waiting.txid, blockHeight: 12 });
  });

  it('reports a replayed txid again without a second transaction, and refuses other terms', () => {
    const sim = chainOf();
    const { transfers } = recorder(sim);
    const address = sim.depositAddress(1, 'TRC20');
    const first = sim.sendDeposit({ chain: 'TRC20', coin: 'USDT', address, amount: 7n, txid: 'abcdef0123' });
    sim.mine('TRC20', 1);
    const again = sim.sendDeposit({ chain: 'TRC20', coin: 'USDT', address, amount: 7n, txid: 'abcdef0123' });
    expect(first).toMatchObject({ txid: 'abcdef0123', replayed: false });
    expect(again).toMatchObject({ txid: 'abcdef0123', replayed: true, blockHeight: 1 });
    expect(transfers.map((t) => t.blockHeight)).toEqual([null, 1, 1]);
    expect(db.sqlite.prepare('select count(*) from sim_chain_txs').pluck().get()).toBe(1);
    expect(() =>
      sim.sendDeposit({ chain: 'TRC20', coin: 'USDT', address, amount: 8n, txid: 'abcdef0123' }),
    ).toThrow(SimTxConflictError);
  });

  it('runs the audit inside the transaction: a failing audit stores nothing', () => {
    const sim = chainOf();
    const { transfers } = recorder(sim);
    expect(() =>
      sim.sendDeposit(
        { chain: 'TRC20', coin: 'USDT', address: sim.depositAddress(1, 'TRC20'), amount: 1n },
        () => {
          throw new Error('journal down');
        },
      ),
    ).toThrow('journal down');
    expect(() =>
      sim.mine('TRC20', 2, () => {
        throw new Error('journal down');
      }),
    ).toThrow('journal down');
    expect(db.sqlite.prepare('select count(*) from sim_chain_txs').pluck().get()).toBe(0);
    expect(sim.height('TRC20')).toBe(0);
    expect(transfers).toEqual([]);
  });

  it('keeps mining when a listener throws', () => {
    const log = { warn: vi.fn(), error: vi.fn() };
    const sim = new SimChain(db.sqlite, CHAINS, { blockMs: 0, log });
    sim.subscribe({
      onTransfer: () => undefined,
      onBlock: () => {
        throw new Error('listener broke');
      },
    });
    expect(sim.mine('BTC', 2)).toEqual({ BTC: 2 });
    expect(log.error).toHaveBeenCalledTimes(2);
  });

  it('mines one block on every chain per blockMs once started', () => {
    vi.useFakeTimers();
    try {
      const sim = new SimChain(db.sqlite, CHAINS, { blockMs: 1000 });
      sim.start();
      vi.advanceTimersByTime(3500);
      expect(CHAINS.map((c) => sim.height(c.id))).toEqual(CHAINS.map(() => 3));
      sim.stop();
      vi.advanceTimersByTime(5000);
      expect(sim.height('TRC20')).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses non-positive amounts and block counts', () => {
    const sim = chainOf();
    expect(() => sim.sendDeposit({ chain: 'TRC20', coin: 'USDT', address: 'T', amount: 0n })).toThrow(
      RangeError,
    );
    expect(() => sim.mine(null, 0)).toThrow(RangeError);
    expect(() => sim.mine('NOPE', 1)).toThrow(RangeError);
  });
});
