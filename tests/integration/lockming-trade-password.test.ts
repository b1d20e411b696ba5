// When the catalog asks for it, a lock needs the trade password: checked before the command, a
// wrong or missing one is refused next to its field and nothing changes.
import { expect, it } from 'vitest';
import type { LockmingPosition } from '../../domain/lockming-types';
import { DEFAULT_CATALOG } from '../../server/market/catalog';
import { registerUser } from '../support/accounts';
import { call, dataOf, fund, refusal } from '../support/assets';
import { setTradePassword, TRADE_PWD } from '../support/bank';
import { createProduct, fundReserve, lockmingSnapshot, startLockmingServer } from '../support/lockming';
import { checkedServer } from '../support/suite';

const T0 = Date.UTC(2030, 0, 10, 10);
const env = checkedServer(() =>
  startLockmingServer({
    clockAt: T0,
    catalog: {
      lockming: { ...DEFAULT_CATALOG.lockming, tradePassword: 'always', demoReserve: {}, demoProducts: [] },
    },
  }),
);

it('asks for the trade password when the catalog says always', async () => {
  const { origin, dataDir } = env.server;
  await fundReserve(dataDir, 'USDT', '100');
  const productId = await createProduct(origin, {
    kind: 'lock',
    coin: 'USDT',
    name: 'Guarded',
    days: 3,
    dailyRate: '0.001',
    minAmount: '10',
    opensAt: T0,
  });
  const grant = await registerUser(origin);
  const u = { id: grant.user.id, token: grant.token };
  await fund(dataDir, u.id, 'USDT', '100', 'finance');
  await setTradePassword(origin, grant.user.account, u.token);
  const snap = await lockmingSnapshot(dataDir, u.id);
  expect((await call(origin, 'lockming/lock', u.token, { productId, amount: '10' }, 'en')).body).toEqual(
    refusal('en', 'required', 'tradePassword'),
  );
  expect(
    (
      await call(
        origin,
        'lockming/lock',
        u.token,
        { productId, amount: '10', tradePassword: 'Wrong999' },
        'en',
      )
    ).body,
  ).toEqual(refusal('en', 'incorrectTradePassword', 'tradePassword'));
  expect(await lockmingSnapshot(dataDir, u.id)).toEqual(snap);
  const p = dataOf<LockmingPosition>(
    await call(origin, 'lockming/lock', u.token, { productId, amount: '10', tradePassword: TRADE_PWD }),
  );
  expect(p).toMatchObject({ amount: '10.000000', expectedIncome: '0.030000' });
});
