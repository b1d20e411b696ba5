import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CoinChain, CoinInfo } from '../../../domain';
import type { ChainAdapter, ChainListener, ChainTransfer } from '../../../server/assets/chain';
import { DepositAddressStore } from '../../../server/assets/deposits/address-store';
import { depositLocks } from '../../../server/assets/deposits/deposit-locks';
import { DEPOSIT_KIND, DepositService, statusAt } from '../../../server/assets/deposits/deposit-service';
import type { DepositRow } from '../../../server/assets/deposits/deposit-store';
import { insertUser, openTestLedger, type Db } from '../../support/db';
import { Ledger, ledgerViolations } from '../../../server/ledger';

const COINS: CoinInfo[] = [
  { symbol: 'USDT', name: 'Tether USD', decimals: 6 },
  { symbol: 'BTC', name: 'Bitcoin', decimals: 8 },
  { symbol: 'DOGE', name: 'Dogecoin', decimals: 8 },
];
const terms = (coin: string, chain: string, depositEnabled = true): CoinChain => ({
  coin,
  chain,
  depositEnabled,
  withdrawEnabled: true,
  withdrawFee: '1',
  withdrawMin: '2',
});
const COIN_CHAINS = [terms('USDT', 'TRC20'), terms('BTC', 'BTC'), terms('DOGE', 'DOGE', false)];

/** A stand-in for a real node adapter: the test decides what it reports and when. */
class FakeChain implements ChainAdapter {
  readonly simulated = false;
  heights = new Map<string, number>();
  depositAddress(userId: number, chainId: string): string {
    return `addr-${chainId}-${userId}`;
  }
  height(chainId: string): number {
    return this.heights.get(chainId) ?? 0;
  }
  subscribe(_listener: ChainListener): () => void {
    return () => undefined;
  }
  start(): void {}
  stop(): void {}
}

let db: Db;
let ledger: Ledger;
let chain: FakeChain;
let service: DepositService;
let addresses: DepositAddressStore;
let changes: Array<[DepositRow, boolean]>;
const log = { warn: vi.fn() };

function addUser(id: number): Promise<string> {
  insertUser(db.sqlite, id);
  return addresses.ensure(id, 'TRC20', () => chain.depositAddress(id, 'TRC20'));
}

const spot = async (userId: number, coin = 'USDT') =>
  (await ledger.balance({ userId, account: 'spot', coin })).available;
const rows = () =>
  db.sqlite.prepare('select * from crypto_deposits order by id').all() as Array<Record<string, unknown>>;
const creditLines = () =>
  db.sqlite
    .prepare(`select count(*) from ledger_tx where kind = ? and ref_type = 'crypto_deposits'`)
    .pluck()
    .get(DEPOSIT_KIND);

function transfer(patch: Partial<ChainTransfer> = {}): ChainTransfer {
  return {
    chain: 'TRC20',
    coin: 'USDT',
    txid: 'tx1',
    vout: 0,
    address: 'addr-TRC20-1',
    amount: 10_00000000n,
    blockHeight: null,
    ...patch,
  };
}

/** The chain reaches `height` on `chainId` and tells the service. */
async function block(chainId: string, height: number): Promise<void> {
  chain.heights.set(chainId, height);
  await service.onBlock(chainId, height);
}

beforeEach(async () => {
  ({ ledger, ...db } = await openTestLedger(':memory:'));
  chain = new FakeChain();
  addresses = new DepositAddressStore(db.engine, () => 1);
  changes = [];
  log.warn.mockClear();
  let t = 1_700_000_000_000;
  service = new DepositService({
    engine: db.engine,
    ledger,
    adapter: chain,
    addresses,
    coins: COINS,
    coinChains: COIN_CHAINS,
    log,
    onChange: (row, credited) => changes.push([row, credited]),
    now: () => ++t,
  });
  await addUser(1);
  await addUser(2);
  chain.heights.set('TRC20', 100);
});

afterEach(async () => {
  expect(await ledgerViolations(db.engine)).toEqual([]);
  await db.close();
});

describe('statusAt', () => {
  it('credits at 1 confirmation and makes withdrawable at 6 (spec §9)', () => {
    expect([0, 1, 5, 6, 60].map(statusAt)).toEqual(['pending', 'credited', 'credited', 'final', 'final']);
  });
});

describe('DepositService', () => {
  it('follows a deposit from the mempool to final, crediting once at the first confirmation', async () => {
    await service.onTransfer(transfer());
    expect(rows()).toEqual([
      expect.objectContaining({ user_id: 1, status: 'pending', confirmations: 0, block_height: null }),
    ]);
    expect(await spot(1)).toBe(0n);
    expect(changes.map(([r, c]) => [r.status, c])).toEqual([['pending', false]]);

    await service.onTransfer(transfer({ blockHeight: 101 }));
    expect(await spot(1)).toBe(0n);
    await block('TRC20', 101);
    expect(rows()[0]).toMatchObject({ status: 'credited', confirmations: 1, block_height: 101 });
    expect(await spot(1)).toBe(10_00000000n);
    expect(await depositLocks(db.engine)(1, 'USDT')).toBe(10_00000000n);

    for (let h = 102; h <= 105; h++) await block('TRC20', h);
    expect(rows()[0]).toMatchObject({ status: 'credited', confirmations: 5 });
    await block('TRC20', 106);
    expect(rows()[0]).toMatchObject({ status: 'final', confirmations: 6 });
    expect(rows()[0]!.final_at).not.toBeNull();
    expect(await depositLocks(db.engine)(1, 'USDT')).toBe(0n);
    await block('TRC20', 107);
    expect(rows()[0]).toMatchObject({ confirmations: 6 });

    expect(await spot(1)).toBe(10_00000000n);
    expect(creditLines()).toBe(1);
    expect(changes.filter(([, credited]) => credited)).toHaveLength(1);
    const tx = db.sqlite.prepare(`select * from ledger_tx where kind = ?`).get(DEPOSIT_KIND);
    expect(tx).toMatchObject({ ref_type: 'crypto_deposits', ref_id: String(rows()[0]!.id), memo: 'tx1' });
  });

  it('credits a transfer reported many times, in any order and after old blocks, exactly once', async () => {
    await service.onTransfer(transfer({ blockHeight: 98 }));
    await service.onTransfer(transfer());
    await service.onTransfer(transfer({ blockHeight: 98 }));
    await block('TRC20', 100);
    await service.onBlock('TRC20', 99);
    await service.catchUp();
    await service.onTransfer(transfer({ blockHeight: 98 }));
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toMatchObject({ status: 'credited', confirmations: 3 });
    expect(await spot(1)).toBe(10_00000000n);
    expect(creditLines()).toBe(1);
  });

  it('credits once when reports and blocks of one transfer arrive together', async () => {
    // Each report is a command that reads the row it decides on, so concurrent ones cannot both credit.
    await Promise.all([
      service.onTransfer(transfer({ blockHeight: 100 })),
      service.onTransfer(transfer({ blockHeight: 100 })),
      service.onBlock('TRC20', 100),
      service.catchUp(),
      service.onTransfer(transfer({ blockHeight: 100 })),
    ]);
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toMatchObject({ status: 'credited', confirmations: 1 });
    expect(await spot(1)).toBe(10_00000000n);
    expect(creditLines()).toBe(1);
    expect(changes.filter(([, credited]) => credited)).toHaveLength(1);
  });

  it('reports nothing and keeps nothing of a block whose command was refused, and the next block makes it good', async () => {
    await service.onTransfer(transfer({ blockHeight: 101 }));
    changes.length = 0;
    // A ledger that refuses the credit stands in for a batch the database refused.
    const transfer0 = ledger.transfer.bind(ledger);
    ledger.transfer = () => Promise.reject(new Error('busy'));
    await expect(block('TRC20', 101)).rejects.toThrow('busy');
    expect(rows()[0]).toMatchObject({ status: 'pending', confirmations: 0 });
    expect(changes).toEqual([]);
    ledger.transfer = transfer0;
    await block('TRC20', 102);
    expect(rows()[0]).toMatchObject({ status: 'credited', confirmations: 2 });
    expect(await spot(1)).toBe(10_00000000n);
    expect(creditLines()).toBe(1);
  });

  it('jumps straight to final when it first sees the deposit deep in the chain, crediting it', async () => {
    await service.onTransfer(transfer({ blockHeight: 90 }));
    expect(rows()[0]).toMatchObject({ status: 'final', confirmations: 11 });
    expect(rows()[0]!.credited_at).not.toBeNull();
    expect(await spot(1)).toBe(10_00000000n);
    expect(creditLines()).toBe(1);
  });

  it('keeps the first report of a transfer when a later one names other terms', async () => {
    await service.onTransfer(transfer());
    await service.onTransfer(transfer({ amount: 99_00000000n, blockHeight: 101 }));
    await block('TRC20', 101);
    expect(rows()[0]).toMatchObject({ amount: 10_00000000, block_height: null, status: 'pending' });
    expect(await spot(1)).toBe(0n);
  });

  it('tells different outputs of one transaction apart', async () => {
    await service.onTransfer(transfer({ blockHeight: 100 }));
    await service.onTransfer(
      transfer({ vout: 1, address: 'addr-TRC20-2', amount: 3_00000000n, blockHeight: 100 }),
    );
    expect(await spot(1)).toBe(10_00000000n);
    expect(await spot(2)).toBe(3_00000000n);
  });

  it('ignores unknown addresses, coins not open on the chain, and dust below the coin precision', async () => {
    await service.onTransfer(transfer({ address: 'addr-TRC20-99', blockHeight: 100 }));
    await service.onTransfer(transfer({ coin: 'BTC', txid: 'tx2', blockHeight: 100 }));
    await service.onTransfer(transfer({ coin: 'NOPE', txid: 'tx3', blockHeight: 100 }));
    const doge = await addresses.ensure(1, 'DOGE', () => 'addr-DOGE-1');
    await service.onTransfer(
      transfer({ chain: 'DOGE', coin: 'DOGE', address: doge, txid: 'tx4', blockHeight: 100 }),
    );
    // Another chain's address is not this chain's, even with the same text.
    await service.onTransfer(transfer({ chain: 'BTC', coin: 'BTC', txid: 'tx5', blockHeight: 100 }));
    // USDT has 6 decimals: 0.00000099 cannot be shown or withdrawn.
    await service.onTransfer(transfer({ amount: 99n, txid: 'tx6', blockHeight: 100 }));
    expect(rows()).toEqual([]);
    expect(await spot(1)).toBe(0n);
    expect(log.warn).toHaveBeenCalledTimes(6);
  });

  it('floors an amount to the coin precision, never rounding up', async () => {
    await service.onTransfer(transfer({ amount: 1_23456789n, blockHeight: 100 }));
    expect(rows()[0]).toMatchObject({ amount: 1_23456700 });
    expect(await spot(1)).toBe(1_23456700n);
  });

  it('catches up after a restart: a new service brings open deposits to the current height', async () => {
    await service.onTransfer(transfer({ blockHeight: 100 }));
    expect(rows()[0]).toMatchObject({ status: 'credited', confirmations: 1 });
    chain.heights.set('TRC20', 110);
    const restarted = new DepositService({
      engine: db.engine,
      ledger,
      adapter: chain,
      addresses,
      coins: COINS,
      coinChains: COIN_CHAINS,
    });
    await restarted.catchUp();
    await restarted.catchUp();
    expect(rows()[0]).toMatchObject({ status: 'final', confirmations: 11 });
    expect(await spot(1)).toBe(10_00000000n);
    expect(creditLines()).toBe(1);
  });
});
