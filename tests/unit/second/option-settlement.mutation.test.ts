// Accepting and settling timed options (server/second/option-service.ts) with the exact balances of
// the holder and the house after each step, the netted ledger transactions of a batch, the house's
// exposure cap, idempotent client ids, the request checks and a restart. Written for mutation
// testing (docs/mutation.md).
import { describe, expect, it } from 'vitest';
import { toUnits, type PairInfo } from '../../../domain';
import type { SecondTerms } from '../../../domain/second-rules';
import { AppError } from '../../../server/http/app-error';
import { HOUSE_USER_ID, ledgerViolations } from '../../../server/ledger';
import { OptionService } from '../../../server/second/option-service';
import { PAIR, SYMBOL, T0, optionHarness, query, tapeOn } from './option-harness';

// Room for exactly two 100 USDT options at 0.8 in the 30 s duration (house risk 80 each).
const TERMS: SecondTerms = {
  coin: 'USDT',
  pairs: [SYMBOL],
  durations: [
    { seconds: 30, payoutRate: '0.8', minStake: '10', maxStake: '1000', exposureCap: '160' },
    { seconds: 60, payoutRate: '0.855', minStake: '10', maxStake: '1000', exposureCap: '10000' },
  ],
  stakeDecimals: 2,
  staleMs: 60_000,
  demoGrant: '1',
};
const UP = { symbol: SYMBOL, seconds: 30, direction: 'up', stake: '100' } as const;
const DOWN = { ...UP, direction: 'down' } as const;

async function setup(terms: SecondTerms = TERMS) {
  const h = await optionHarness(terms);
  const house = async () =>
    (await h.ledger.balance({ userId: HOUSE_USER_ID, account: 'second', coin: 'USDT' })).available;
  const txs = () =>
    query(
      h.db,
      `select id, kind, ref_type, ref_id, actor, memo from ledger_tx where kind like 'second.%' order by id`,
    );
  const lines = (txId: number) =>
    query(h.db, 'select user_id, field, delta from journal where tx_id = ? order by id', txId);
  return { ...h, house, txs, lines };
}

async function failure(fn: () => Promise<unknown>): Promise<{ key: string; field: string | undefined }> {
  try {
    await fn();
  } catch (err) {
    if (err instanceof AppError) return { key: err.key, field: err.field };
    throw err;
  }
  throw new Error('expected a failure');
}

describe('settling a batch of options', () => {
  it('won, lost and equal: one netted transaction per result, exact balances, a row per option', async () => {
    const h = await setup({ ...TERMS, durations: [{ ...TERMS.durations[0]!, exposureCap: '100000' }] });
    await h.trade(1, 6_400_000, T0);
    h.setClock(T0 + 1);
    const a = await h.service.place(1, UP); // entry 64 000.00
    const b = await h.service.place(1, UP);
    const c = await h.service.place(1, DOWN);
    expect(await h.ledger.balance(h.wallet)).toEqual({ available: toUnits('700'), frozen: toUnits('300') });
    expect(a).toMatchObject({ stakeUnits: toUnits('100'), payoutUnits: toUnits('180'), status: 'open' });
    // The exit: the last trade at or before the expiry; a later one does not count.
    await h.trade(2, 6_400_100, T0 + 1 + 30_000);
    await h.trade(3, 6_300_000, T0 + 2 + 30_000);
    expect(h.service.nextExpiry()).toBe(T0 + 1 + 30_000);
    expect(await h.service.settleDue(T0 + 1 + 30_000)).toEqual([]);
    const settled = await h.service.settleDue(T0 + 2 + 30_000);
    expect(settled.map((o) => [o.id, o.result, o.exitTradeId, o.creditedUnits])).toEqual([
      [a.id, 'won', 2, toUnits('180')],
      [b.id, 'won', 2, toUnits('180')],
      [c.id, 'lost', 2, 0n],
    ]);
    expect(settled[0]).toMatchObject({
      status: 'settled',
      exitPrice: '64001.00',
      settledAt: T0 + 2 + 30_000,
    });
    expect(await h.ledger.balance(h.wallet)).toEqual({ available: toUnits('1060'), frozen: 0n });
    expect(await h.house()).toBe(-toUnits('60'));
    const txs = await h.txs();
    expect(txs.map((t) => t.kind)).toEqual([
      'second.stake',
      'second.stake',
      'second.stake',
      'second.win',
      'second.loss',
    ]);
    expect(txs[3]).toMatchObject({
      ref_type: 'second_expiry',
      ref_id: String(T0 + 2 + 30_000),
      actor: 'system',
      memo: 'expiry',
    });
    expect(txs[0]).toMatchObject({ ref_type: 'second_options', ref_id: String(a.id), actor: 'user:1' });
    expect(settled[0]!.settleTxId).toBe(txs[3]!.id);
    expect(settled[2]!.settleTxId).toBe(txs[4]!.id);
    // Two wins netted: one frozen line, one available line, one house line.
    expect(await h.lines(txs[3]!.id as number)).toEqual([
      { user_id: 1, field: 'frozen', delta: -Number(toUnits('200')) },
      { user_id: 1, field: 'available', delta: Number(toUnits('360')) },
      { user_id: HOUSE_USER_ID, field: 'available', delta: -Number(toUnits('160')) },
    ]);
    expect(await h.lines(txs[4]!.id as number)).toEqual([
      { user_id: 1, field: 'frozen', delta: -Number(toUnits('100')) },
      { user_id: HOUSE_USER_ID, field: 'available', delta: Number(toUnits('100')) },
    ]);
    expect(await h.service.store.get(a.id)).toMatchObject({ status: 'settled', result: 'won' });
    expect(h.service.nextExpiry()).toBeUndefined();
    expect(await ledgerViolations(h.db.engine)).toEqual([]);
  });

  it('an equal exit returns the stake with no house line', async () => {
    const h = await setup();
    await h.trade(1, 6_400_000, T0);
    h.setClock(T0 + 1);
    const o = await h.service.place(1, DOWN);
    const [s] = await h.service.settleDue(o.expiresAt + 1);
    expect(s).toMatchObject({ result: 'equal', creditedUnits: toUnits('100'), exitTradeId: 1 });
    expect(await h.ledger.balance(h.wallet)).toEqual({ available: toUnits('1000'), frozen: 0n });
    expect(await h.house()).toBe(0n);
    const tx = (await h.txs()).at(-1)!;
    expect(tx.kind).toBe('second.refund');
    expect(await h.lines(tx.id as number)).toEqual([
      { user_id: 1, field: 'frozen', delta: -Number(toUnits('100')) },
      { user_id: 1, field: 'available', delta: Number(toUnits('100')) },
    ]);
  });

  it('a down option wins on a fall, and the payout is floored to the stake decimals', async () => {
    const h = await setup();
    await h.trade(1, 6_400_000, T0);
    h.setClock(T0 + 1);
    // 10.01 × 1.855 = 18.56855, floored to 18.56.
    const o = await h.service.place(1, { ...DOWN, seconds: 60, stake: '10.01' });
    expect(o.payoutUnits).toBe(toUnits('18.56'));
    await h.trade(2, 6_399_999, T0 + 5);
    const [s] = await h.service.settleDue(o.expiresAt + 1);
    expect(s).toMatchObject({ result: 'won', creditedUnits: toUnits('18.56') });
    expect((await h.ledger.balance(h.wallet)).available).toBe(toUnits('1008.55'));
  });
});

describe('accepting an option', () => {
  it('refuses an option past the house exposure cap, and frees the room once settled', async () => {
    const h = await setup();
    await h.trade(1, 6_400_000, T0);
    h.setClock(T0 + 1);
    await h.service.place(1, UP);
    await h.service.place(1, DOWN);
    expect(await failure(() => h.service.place(1, { ...UP, stake: '10' }))).toEqual({
      key: 'secondExposureCap',
      field: 'stake',
    });
    // Another duration has its own cap.
    expect((await h.service.place(1, { ...UP, seconds: 60 })).seconds).toBe(60);
    await h.service.settleDue(T0 + 1 + 30_001);
    expect((await h.service.place(1, UP)).status).toBe('open');
  });

  it('is idempotent per client order id: the same option, one stake', async () => {
    const h = await setup();
    await h.trade(1, 6_400_000, T0);
    h.setClock(T0 + 1);
    const a = await h.service.place(1, { ...UP, clientOrderId: 'abc_1-X' });
    const b = await h.service.place(1, { ...UP, clientOrderId: ' abc_1-X ' });
    expect(b.id).toBe(a.id);
    expect((await h.ledger.balance(h.wallet)).frozen).toBe(toUnits('100'));
    // A numeric client id is read as its text.
    const n = await h.service.place(1, { ...UP, stake: '10', clientOrderId: 12 as unknown as string });
    expect(n.clientOrderId).toBe('12');
    expect((await h.service.place(1, { ...UP, stake: '10', clientOrderId: '12' })).id).toBe(n.id);
    expect(a.clientOrderId).toBe('abc_1-X');
    expect((await h.service.place(1, { ...UP, stake: '10' })).clientOrderId).toBeNull();
  });

  it('refuses a stake above the available balance, keeping nothing', async () => {
    const h = await setup({
      ...TERMS,
      durations: [{ ...TERMS.durations[0]!, maxStake: '5000', exposureCap: '100000' }],
    });
    await h.trade(1, 6_400_000, T0);
    h.setClock(T0 + 1);
    expect(await failure(() => h.service.place(1, { ...UP, stake: '1000.01' }))).toEqual({
      key: 'insufficientBalance',
      field: 'stake',
    });
    expect(await h.service.store.open()).toEqual([]);
    expect(h.service.nextExpiry()).toBeUndefined();
    // And its risk was not counted: the whole cap is still free.
    expect((await h.service.place(1, { ...UP, stake: '1000' })).status).toBe('open');
  });

  it('needs a trade no older than the staleness window, exactly', async () => {
    const h = await setup();
    h.setClock(T0);
    expect((await failure(() => h.service.place(1, UP))).key).toBe('noOptimalPrice');
    await h.trade(1, 6_400_000, T0);
    h.setClock(T0 + 60_000);
    expect((await h.service.place(1, UP)).entryTradeId).toBe(1);
    h.setClock(T0 + 60_001);
    expect((await failure(() => h.service.place(1, UP))).key).toBe('noOptimalPrice');
    // A fresh trade in the acceptance millisecond leaves the stale one as the entry: refused.
    await h.trade(2, 6_400_000, T0 + 60_001);
    expect((await failure(() => h.service.place(1, UP))).key).toBe('noOptimalPrice');
  });

  it('checks the request', async () => {
    const h = await setup();
    await h.trade(1, 6_400_000, T0);
    h.setClock(T0 + 1);
    const place = (req: Record<string, unknown>) => () => h.service.place(1, req as never);
    expect(await failure(place({ ...UP, symbol: ' ' }))).toEqual({ key: 'required', field: 'symbol' });
    expect(await failure(place({ ...UP, symbol: 'ETH/USDT' }))).toEqual({
      key: 'unknownMarket',
      field: 'symbol',
    });
    // Not a canonical integer: malformed (issue 29), not an unknown duration.
    expect(await failure(place({ ...UP, seconds: '30s' }))).toEqual({ key: 'badRequest', field: 'seconds' });
    expect(await failure(place({ ...UP, seconds: 45 }))).toEqual({
      key: 'secondUnknownDuration',
      field: 'seconds',
    });
    expect((await failure(place({ ...UP, seconds: '1234567' }))).key).toBe('secondUnknownDuration');
    // Number() would read these as 30: only canonical digits are a duration.
    expect((await failure(place({ ...UP, seconds: '+30' }))).key).toBe('badRequest');
    expect((await failure(place({ ...UP, seconds: '0x1e' }))).key).toBe('badRequest');
    expect((await failure(place({ ...UP, seconds: '030' }))).key).toBe('badRequest');
    expect((await failure(place({ ...UP, seconds: ['30'] }))).key).toBe('badRequest');
    expect(await failure(place({ ...UP, direction: 'sideways' }))).toEqual({
      key: 'badRequest',
      field: 'direction',
    });
    expect(await failure(place({ ...UP, stake: '9.99' }))).toEqual({ key: 'amountBelowMin', field: 'stake' });
    expect(await failure(place({ ...UP, stake: '10.001' }))).toEqual({ key: 'amountFormat', field: 'stake' });
    expect(await failure(place({ ...UP, clientOrderId: 'a b' }))).toEqual({
      key: 'badRequest',
      field: 'clientOrderId',
    });
    expect((await failure(place({ ...UP, clientOrderId: 'x'.repeat(41) }))).field).toBe('clientOrderId');
    expect(await failure(() => h.service.place(1, null as never))).toEqual({
      key: 'required',
      field: 'symbol',
    });
    // Texts are trimmed; an integer field is not (issue 29: one spelling per number).
    expect((await failure(place({ ...UP, seconds: ' 30 ' }))).key).toBe('badRequest');
    expect(
      await h.service.place(1, { ...UP, seconds: '30', symbol: ` ${SYMBOL} `, stake: ' 10 ' } as never),
    ).toMatchObject({
      seconds: 30,
      symbol: SYMBOL,
      stakeUnits: toUnits('10'),
      expiresAt: T0 + 1 + 30_000,
    });
  });

  it('refuses a spot pair that has no options', async () => {
    const other: PairInfo = { ...PAIR, symbol: 'ETH/USDT', base: 'ETH' };
    const h = await setup();
    const service = new OptionService(
      h.db.engine,
      h.ledger,
      await tapeOn(h.db, [PAIR, other], () => T0),
      TERMS,
      [SYMBOL, 'ETH/USDT'],
      () => T0,
    );
    expect(await failure(() => service.place(1, { ...UP, symbol: 'ETH/USDT' }))).toEqual({
      key: 'secondMarketDisabled',
      field: 'symbol',
    });
  });
});

describe('a restart', () => {
  it('loads the open options with their house risk, and settles them as if nothing happened', async () => {
    const h = await setup();
    await h.trade(1, 6_400_000, T0);
    h.setClock(T0 + 1);
    const a = await h.service.place(1, UP);
    const b = await h.service.place(1, DOWN);
    await h.service.settleDue(T0 + 1); // nothing due yet
    let clock = T0 + 2;
    const again = new OptionService(
      h.db.engine,
      h.ledger,
      await tapeOn(h.db, [PAIR], () => clock),
      TERMS,
      [SYMBOL],
      () => clock,
    );
    await again.load();
    expect(again.nextExpiry()).toBe(a.expiresAt);
    // The cap counts the loaded options: full.
    expect((await failure(() => again.place(1, { ...UP, stake: '10' }))).key).toBe('secondExposureCap');
    await h.trade(2, 6_400_001, T0 + 10);
    clock = a.expiresAt + 1;
    expect((await again.settleDue()).map((o) => [o.id, o.result])).toEqual([
      [a.id, 'won'],
      [b.id, 'lost'],
    ]);
    expect(await h.ledger.balance(h.wallet)).toEqual({ available: toUnits('980'), frozen: 0n });
    expect((await again.place(1, UP)).status).toBe('open');
  });
});
