import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  parseTransfer,
  toUnits,
  type CoinInfo,
  type ParsedTransfer,
  type TransferReq,
} from '../../../domain';
import { TransferService } from '../../../server/assets/transfer-service';
import { grantFunds, insertUser, openTestDatabase, type Db } from '../../support/db';
import { AppError } from '../../../server/http/app-error';
import { JournalStore, Ledger, ledgerViolations } from '../../../server/ledger';

const COINS: CoinInfo[] = [{ symbol: 'USDT', name: 'Tether USD', decimals: 6 }];
let db: Db;
let ledger: Ledger;
let service: TransferService;

function parsed(req: Partial<TransferReq>): ParsedTransfer {
  const r = parseTransfer({ from: 'spot', to: 'lever', coin: 'USDT', amount: '1', ...req }, COINS);
  if (!('ok' in r)) throw new Error(JSON.stringify(r.problem));
  return r.ok;
}

function addUser(id: number): void {
  insertUser(db.sqlite, id);
  grantFunds(ledger, id, '10');
}

beforeEach(async () => {
  db = await openTestDatabase(':memory:');
  ledger = new Ledger(db.sqlite);
  service = new TransferService(db.sqlite, ledger, () => 1_700_000_000_000);
  addUser(1);
  addUser(2);
});

afterEach(async () => {
  expect(ledgerViolations(db.sqlite)).toEqual([]);
  await db.close();
});

describe('TransferService', () => {
  it('writes the row and one balanced ledger transaction that points at it', () => {
    const row = service.transfer(1, parsed({ amount: '2.5', remark: 'rent' }));
    expect(row).toMatchObject({ userId: 1, coin: 'USDT', from: 'spot', to: 'lever', amount: toUnits('2.5') });
    expect(ledger.balance({ userId: 1, account: 'spot', coin: 'USDT' }).available).toBe(toUnits('7.5'));
    expect(ledger.balance({ userId: 1, account: 'lever', coin: 'USDT' }).available).toBe(toUnits('2.5'));
    const lines = new JournalStore(db.sqlite).list({
      userId: 1,
      account: null,
      coin: null,
      kind: 'transfer',
      before: Number.MAX_SAFE_INTEGER,
      limit: 10,
    });
    expect(lines.map((l) => [l.account, l.delta, l.balanceAfter, l.refType, l.refId])).toEqual([
      ['lever', '2.50000000', '2.50000000', 'transfers', String(row.id)],
      ['spot', '-2.50000000', '7.50000000', 'transfers', String(row.id)],
    ]);
  });

  it('refuses an overdraft with insufficientBalance and keeps no row', () => {
    expect(() => service.transfer(1, parsed({ amount: '10.000001' }))).toThrow(AppError);
    let caught: unknown;
    try {
      service.transfer(1, parsed({ amount: '11' }));
    } catch (err) {
      caught = err;
    }
    expect(caught).toMatchObject({ key: 'insufficientBalance', field: 'amount' });
    expect(db.sqlite.prepare('select count(*) as n from transfers').get()).toEqual({ n: 0 });
    expect(service.transfer(1, parsed({ amount: '10' })).amount).toBe(toUnits('10'));
  });

  it('lists only the caller’s transfers, newest first, paged by id and filtered by coin', () => {
    const ids = [1, 2, 3, 4, 5].map(() => service.transfer(1, parsed({ amount: '0.1' })).id);
    service.transfer(2, parsed({ amount: '0.1' }));
    const page1 = service.store.list({ userId: 1, coin: null, before: Number.MAX_SAFE_INTEGER, limit: 2 });
    expect(page1.map((r) => r.id)).toEqual([ids[4], ids[3]]);
    const page2 = service.store.list({ userId: 1, coin: 'USDT', before: page1[1]!.id, limit: 10 });
    expect(page2.map((r) => r.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(service.store.list({ userId: 1, coin: 'BTC', before: 1e9, limit: 10 })).toEqual([]);
  });
});
