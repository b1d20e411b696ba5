// Placing an option writes its row once, under an id the service chose, with the ledger transaction
// that froze the stake; the row it answers is the row a read returns. Ids follow the table's highest
// across a refusal, a failed batch and a new service on the same database.
import { describe, expect, it } from 'vitest';
import { toUnits } from '../../../domain';
import { ledgerViolations } from '../../../server/ledger';
import { OptionService } from '../../../server/second/option-service';
import { inFailedBatch, optionHarness, query, SYMBOL, T0, TERMS_30S, UP_100 } from './option-harness';

describe('placing an option', () => {
  it('answers the row as stored, with the stake transaction that names it', async () => {
    const { db, service, trade, setClock } = await optionHarness(TERMS_30S);
    await trade(1, 6_400_000, T0);
    setClock(T0 + 10);
    const placed = await service.place(1, { ...UP_100, clientOrderId: 'a-1' });
    expect(await service.store.get(placed.id)).toEqual(placed);
    expect(placed).toMatchObject({
      status: 'open',
      stakeUnits: toUnits('100'),
      result: null,
      settledAt: null,
    });
    const [tx] = await query(
      db,
      'select id, kind, ref_type, ref_id from ledger_tx where id = ?',
      placed.stakeTxId,
    );
    expect(tx).toEqual({
      id: placed.stakeTxId,
      kind: 'second.stake',
      ref_type: 'second_options',
      ref_id: String(placed.id),
    });
    // The same client id again: the stored option, nothing new.
    expect(await service.place(1, { ...UP_100, clientOrderId: 'a-1' })).toEqual(placed);
    expect(await query(db, 'select count(*) as n from second_options')).toEqual([{ n: 1 }]);
  });

  it('continues after the highest id: across a refusal, a failed batch and a new service', async () => {
    const { db, ledger, service, tape, trade, setClock } = await optionHarness(TERMS_30S);
    await trade(1, 6_400_000, T0);
    setClock(T0 + 10);
    const first = await service.place(1, UP_100);
    // 900 left: a stake of 1000 is refused, and writes nothing.
    await expect(service.place(1, { ...UP_100, stake: '1000' })).rejects.toThrow(
      expect.objectContaining({ key: 'insufficientBalance' }),
    );
    const second = await service.place(1, UP_100);
    expect(second.id).toBeGreaterThan(first.id);
    // A placing whose batch fails as a whole: nothing of it is stored.
    const outcomes = await inFailedBatch(db, () => service.place(1, UP_100));
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    const third = await service.place(1, UP_100);
    expect(third.id).toBeGreaterThan(second.id);
    // A new service on the same database (a restart) takes the next id after the table's highest.
    const again = new OptionService(db.engine, ledger, tape, TERMS_30S, [SYMBOL], () => T0 + 20);
    await again.load();
    const fourth = await again.place(1, UP_100);
    expect(fourth.id).toBeGreaterThan(third.id);
    const rows = await query(db, 'select id, stake_tx_id from second_options order by id');
    expect(rows.map((r) => r.id)).toEqual([first.id, second.id, third.id, fourth.id]);
    expect(rows.map((r) => r.stake_tx_id)).toEqual([first, second, third, fourth].map((o) => o.stakeTxId));
    expect(await ledger.balance({ userId: 1, account: 'second', coin: 'USDT' })).toEqual({
      available: toUnits('600'),
      frozen: toUnits('400'),
    });
    expect(await ledgerViolations(db.engine)).toEqual([]);
  });

  it('reports a ledger fault while freezing the stake as it is, not as a low balance, and stores nothing', async () => {
    const { db, ledger, service, trade, setClock } = await optionHarness(TERMS_30S);
    await trade(1, 6_400_000, T0);
    setClock(T0 + 10);
    const freeze = ledger.freeze.bind(ledger);
    ledger.freeze = () => Promise.reject(new Error('disk I/O error'));
    await expect(service.place(1, UP_100)).rejects.toThrow('disk I/O error');
    ledger.freeze = freeze;
    expect(await query(db, 'select count(*) as n from second_options')).toEqual([{ n: 0 }]);
    expect((await service.place(1, UP_100)).status).toBe('open');
  });
});
