import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  parseTransfer,
  toUnits,
  type CoinInfo,
  type ParsedTransfer,
  type TransferReq,
} from '../../../domain';
import { TransferService } from '../../../server/assets/transfer-service';
import { grantFunds, insertUser, openTestLedger, type Db } from '../../support/db';
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

async function addUser(id: number): Promise<void> {
  insertUser(db.sqlite, id);
  await grantFunds(ledger, db.engine.writer, id, '10');
}

const caught = (p: Promise<unknown>) =>
  p.then(
    () => 'no error',
    (err: unknown) => err,
  );

beforeEach(async () => {
  ({ ledger, ...db } = await openTestLedger(':memory:'));
  service = new TransferService(db.engine, ledger, () => 1_700_000_000_000);
  await addUser(1);
  await addUser(2);
});

afterEach(async () => {
  expect(await ledgerViolations(db.engine)).toEqual([]);
  await db.close();
});

describe('TransferService', () => {
  it('writes the row and one balanced ledger transaction that points at it', async () => {
    const row = await service.transfer(1, parsed({ amount: '2.5', remark: 'rent' }));
    expect(row).toMatchObject({ userId: 1, coin: 'USDT', from: 'spot', to: 'lever', amount: toUnits('2.5') });
    expect((await ledger.balance({ userId: 1, account: 'spot', coin: 'USDT' })).available).toBe(
      toUnits('7.5'),
    );
    expect((await ledger.balance({ userId: 1, account: 'lever', coin: 'USDT' })).available).toBe(
      toUnits('2.5'),
    );
    const lines = await new JournalStore(db.engine).list({
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

  it('refuses an overdraft with insufficientBalance and keeps no row', async () => {
    expect(await caught(service.transfer(1, parsed({ amount: '10.000001' })))).toBeInstanceOf(AppError);
    expect(await caught(service.transfer(1, parsed({ amount: '11' })))).toMatchObject({
      key: 'insufficientBalance',
      field: 'amount',
    });
    expect(db.sqlite.prepare('select count(*) as n from transfers').get()).toEqual({ n: 0 });
    expect((await service.transfer(1, parsed({ amount: '10' }))).amount).toBe(toUnits('10'));
  });

  it('applies transfers sent together one after another: never more than the balance leaves', async () => {
    // Ten of 1.5 against 10: the balance check and the posting of each share its command, so
    // exactly six pass whatever order the commands of one batch run in.
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () =>
        service.transfer(1, parsed({ amount: '1.5' })).then(
          () => 'ok',
          (err: { key?: string }) => err.key,
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(6);
    expect(outcomes.filter((o) => o === 'insufficientBalance')).toHaveLength(4);
    expect(await ledger.balance({ userId: 1, account: 'spot', coin: 'USDT' })).toEqual({
      available: toUnits('1'),
      frozen: 0n,
    });
    expect(db.sqlite.prepare('select count(*) as n from transfers').get()).toEqual({ n: 6 });
  });

  it('lists only the caller’s transfers, newest first, paged by id and filtered by coin', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await service.transfer(1, parsed({ amount: '0.1' }))).id);
    await service.transfer(2, parsed({ amount: '0.1' }));
    const page1 = await service.store.list({
      userId: 1,
      coin: null,
      before: Number.MAX_SAFE_INTEGER,
      limit: 2,
    });
    expect(page1.map((r) => r.id)).toEqual([ids[4], ids[3]]);
    const page2 = await service.store.list({ userId: 1, coin: 'USDT', before: page1[1]!.id, limit: 10 });
    expect(page2.map((r) => r.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(await service.store.list({ userId: 1, coin: 'BTC', before: 1e9, limit: 10 })).toEqual([]);
  });
});
