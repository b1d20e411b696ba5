// The IEO part of the every-record database: a project created by the operator, a subscription in
// its window and the allocation the area's timer makes at its end (real time, a few seconds).
import type { IeoMine } from '../../domain/ieo-types';
import { registerUser } from './accounts';
import { call, dataOf, fund } from './assets';
import { opsCall } from './bank';
import { until } from './second';
import type { TestServer } from './server';

/** A subscriber with an allocation: rows in every IEO table. Returns its session. */
export async function ieoRecords(s: TestServer): Promise<{ id: number; account: string; token: string }> {
  const g = await registerUser(s.origin);
  await fund(s.dataDir, g.user.id, 'USDT', '100');
  const now = Date.now();
  const created = await opsCall(s.origin, 'POST', 'ieo/create', {
    name: 'Every Record',
    coin: 'EVREC',
    coinName: 'Every Record Token',
    coinDecimals: 2,
    quote: 'USDT',
    price: '1',
    lot: '1',
    total: '10',
    cap: '100',
    preheatAt: now,
    opensAt: now + 1_000,
    closesAt: now + 2_500,
    website: 'https://every.example',
  });
  if (created.body?.code !== 200) throw new Error(`ieo/create: ${JSON.stringify(created.body)}`);
  const id = (created.body.data as { id: number }).id;
  // Oversubscribed (20 for 10 lots of 1): the allocation refunds half.
  await until('the subscription window', async () => {
    const r = await call(s.origin, 'ieo/subscribe', g.token, { id, amount: '20' });
    return r.body?.code === 200 ? true : undefined;
  });
  await until('the allocation', async () => {
    const mine = dataOf<IeoMine>(await call(s.origin, 'ieo/mine', g.token));
    return mine.allocations.length > 0 ? true : undefined;
  });
  return { id: g.user.id, account: g.user.account, token: g.token };
}
