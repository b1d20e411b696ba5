// Fiat orders and ads on the one writer: each step is a command whose checks run with its writes,
// so requests queued together (one group commit) never both pass a check only one may pass, and the
// timers' expiry commands lose cleanly to a request that came first.
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../server/http/app-error';
import { AdService } from '../../../server/legal/ad-service';
import { COIN, MERCHANT, T0, TERMS, USER, legalHarness, type LegalHarness } from './legal-harness';

const open: LegalHarness[] = [];
afterEach(async () => {
  for (const h of open.splice(0)) await h.db.close();
});
async function setup(): Promise<LegalHarness> {
  const h = await legalHarness();
  open.push(h);
  return h;
}

/** The error keys of the rejected ones among settled calls, in order; null for a fulfilled one. */
function outcomes(results: PromiseSettledResult<unknown>[]): Array<string | null> {
  return results.map((r) => {
    if (r.status === 'fulfilled') return null;
    if (r.reason instanceof AppError) return r.reason.key;
    throw r.reason;
  });
}

const count = (h: LegalHarness, table: string) =>
  (h.sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;

describe('requests queued together', () => {
  it('two takes of what is left of an ad: the first wins, the second is refused, nothing oversold', async () => {
    const h = await setup();
    const adId = await h.ad('sell', { qty: 5n * COIN });
    const writer = h.db.engine.writer;
    const batches = writer.stats.batches;
    const results = await Promise.allSettled([
      h.orders.take(USER, { adId, by: 'qty', value: '5' }),
      h.orders.take(USER, { adId, by: 'qty', value: '5' }),
    ]);
    expect(outcomes(results)).toEqual([null, 'legalBeyondRemaining']);
    // One group commit held both commands.
    expect(writer.stats.batches - batches).toBe(1);
    expect(await h.remaining(adId)).toBe(0);
    expect(count(h, 'legal_orders')).toBe(1);
    expect(await h.bal(MERCHANT)).toEqual({ available: 0n, frozen: 5n * COIN });
  });

  it('pay and cancel of one order: only the first moves it, and its event alone is kept', async () => {
    const h = await setup();
    const adId = await h.ad('sell');
    const o = await h.orders.take(USER, { adId, by: 'qty', value: '10' });
    const results = await Promise.allSettled([h.orders.cancel(USER, o.id), h.orders.pay(USER, o.id, 'ref')]);
    expect(outcomes(results)).toEqual([null, 'legalOrderState']);
    expect((await h.store.order(o.id))!).toMatchObject({ status: 'cancelled', payRef: null });
    expect((await h.store.events(o.id)).map((e) => e.kind)).toEqual(['created', 'cancelled']);
    expect(await h.remaining(adId)).toBe(100 * Number(COIN));
    expect(await h.violations()).toEqual([]);
  });

  it('a refusal after the escrow moved undoes the escrow with the rest of its command only', async () => {
    const h = await setup();
    await h.grant(USER, 50n * COIN);
    const adId = await h.ad('buy');
    // The second take overdraws the user after the first froze 40: its order row and the ad's
    // remaining quantity it took are undone with it; the first take is kept.
    const results = await Promise.allSettled([
      h.orders.take(USER, { adId, by: 'qty', value: '40' }),
      h.orders.take(USER, { adId, by: 'qty', value: '20' }),
    ]);
    expect(outcomes(results)).toEqual([null, 'insufficientBalance']);
    expect(await h.bal(USER)).toEqual({ available: 10n * COIN, frozen: 40n * COIN });
    expect(await h.remaining(adId)).toBe(60 * Number(COIN));
    expect(count(h, 'legal_orders')).toBe(1);
    expect(count(h, 'legal_events')).toBe(1);
    expect(await h.violations()).toEqual([]);
  });
});

describe('writes only in commands', () => {
  it('a store write outside a writer command is refused and changes nothing', async () => {
    const h = await setup();
    const adId = await h.ad('sell');
    const o = await h.orders.take(USER, { adId, by: 'qty', value: '1' });
    await expect(h.store.setStatus(o.id, 'pending', 'paid', T0)).rejects.toThrow(/outside the writer/);
    expect((await h.store.order(o.id))!.status).toBe('pending');
  });
});

describe('the timers’ commands', () => {
  it('an order the sweep found due but the buyer cancelled first is not expired again', async () => {
    const h = await setup();
    const adId = await h.ad('sell');
    const o = await h.orders.take(USER, { adId, by: 'qty', value: '10' });
    h.clock.now = o.payDeadline;
    // The sweep reads the due ids outside any command; the buyer's cancel commits before its command.
    expect(await h.store.ordersDue(h.clock.now)).toEqual([o.id]);
    const [cancelled, expired] = await Promise.all([h.orders.cancel(USER, o.id), h.orders.expire(o.id)]);
    expect(cancelled.status).toBe('cancelled');
    expect(expired).toBeNull();
    // Given back to the ad once, counted once.
    expect(await h.remaining(adId)).toBe(100 * Number(COIN));
    expect((await h.orders.cancelsToday(USER)).count).toBe(1);
    expect((await h.store.events(o.id)).map((e) => e.kind)).toEqual(['created', 'cancelled']);
    expect(await h.violations()).toEqual([]);
  });

  it('ad auto-cancel: withdraws each due ad once, unfreezing what is left; a withdrawal first wins', async () => {
    const h = await setup();
    const ads = new AdService({
      engine: h.db.engine,
      ledger: h.ledger,
      store: h.store,
      terms: TERMS,
      now: () => h.clock.now,
    });
    const due = await h.ad('sell', { qty: 10n * COIN, expiresAt: T0 + 1_000 });
    const alsoDue = await h.ad('sell', { qty: 20n * COIN, expiresAt: T0 + 1_000 });
    const later = await h.ad('sell', { qty: 30n * COIN, expiresAt: T0 + 60_000 });
    await h.orders.take(USER, { adId: due, by: 'qty', value: '4' });
    expect(await ads.expireDue()).toBe(0);
    h.clock.now = T0 + 1_000;
    // The merchant withdraws one of them in the same batch, before the sweep's commands.
    const [withdrawn, swept] = await Promise.all([ads.withdraw(MERCHANT, alsoDue), ads.expireDue()]);
    expect(withdrawn.status).toBe('withdrawn');
    expect(swept).toBe(1);
    expect((await h.store.ad(due))!).toMatchObject({ status: 'withdrawn', remaining: 0 });
    expect((await h.store.ad(later))!.status).toBe('online');
    // 6 of the first ad and all 20 of the second are unfrozen; the order's 4 and the later ad's 30 stay.
    expect(await h.bal(MERCHANT)).toEqual({ available: 26n * COIN, frozen: 34n * COIN });
    const unfreezes = h.sqlite
      .prepare(`select ref_id, actor from ledger_tx where kind = 'legal.ad.unfreeze' order by id`)
      .all();
    expect(unfreezes).toEqual([
      { ref_id: String(alsoDue), actor: `user:${MERCHANT}` },
      { ref_id: String(due), actor: 'system' },
    ]);
    expect(await ads.expireDue()).toBe(0);
    expect(await h.violations()).toEqual([]);
  });
});
