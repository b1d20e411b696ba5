import { afterAll, describe, expect, it } from 'vitest';
import type { LegalAd, LegalOrder } from '../../domain/legal';
import { dataOf, violations } from '../support/assets';
import {
  as,
  fakeClock,
  legalBalance,
  merchant,
  person,
  publish,
  startLegalServer,
  take,
  U,
  until,
  type LegalServer,
} from '../support/legal';
import { removeTestData } from '../support/server';

let server: LegalServer | null = null;
let dataDir = '';
afterAll(async () => {
  await server?.stop();
  if (dataDir) await removeTestData(dataDir);
});

describe('timers across a restart', () => {
  it('expires orders and ads that fell due while the server was down, then keeps timing', async () => {
    const clock = fakeClock();
    server = await startLegalServer({ clock });
    dataDir = server.dataDir;
    let origin = server.origin;
    const m = await merchant(origin, dataDir, '100');
    const ad = await publish(origin, m, { total: '100', autoCancelMin: 30 });
    const u = await person(origin);
    const o = await take(origin, u, ad.id, 'qty', '10');
    await server.stop();

    clock.advance(11 * 60_000);
    server = await startLegalServer({ clock, dataDir });
    origin = server.origin;
    const after = dataOf<LegalOrder>(await as(origin, u, 'legal/order', { id: o.id }));
    expect(after.status).toBe('cancelled');
    expect(after.timeline.at(-1)).toMatchObject({ kind: 'expired', role: 'system' });
    expect(dataOf<LegalAd>(await as(origin, null, 'legal/ad', { id: ad.id })).status).toBe('online');

    // A live timer: the next deadline is already past on the fake clock, so it fires within ms.
    const o2 = await take(origin, u, ad.id, 'qty', '10');
    clock.advance(10 * 60_000);
    await take(origin, u, ad.id, 'qty', '10'); // reschedules the timer
    let status = '';
    const poll = setInterval(() => {
      void as(origin, u, 'legal/order', { id: o2.id }).then((r) => (status = r.body.data.status as string));
    }, 20);
    await until(() => status === 'cancelled').finally(() => clearInterval(poll));

    // The ad's auto-cancel (30 minutes after publishing) withdraws it and unfreezes the rest.
    clock.advance(10 * 60_000);
    await server.legal.sweep();
    const gone = dataOf<LegalAd>(await as(origin, null, 'legal/ad', { id: ad.id }));
    expect(gone.status).toBe('withdrawn');
    // The last order fell due in the same sweep; with the ad withdrawn its escrow is unfrozen, naming it.
    expect(await legalBalance(dataDir, m.id)).toEqual({ available: U('100'), frozen: 0n });
    expect(await violations(dataDir)).toEqual([]);
  });
});
