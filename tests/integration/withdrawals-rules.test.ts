import { describe, expect, it } from 'vitest';
import { toUnits, type Withdrawal, type WithdrawQuota } from '../../domain';
import { call, dataOf, fund, refusal, violations } from '../support/assets';
import { withServerDb } from '../support/server-db';
import { checkedServer } from '../support/suite';
import { verifyIdentity } from '../support/identity';
import {
  ADDR,
  bindAddress,
  fullSnapshot,
  holdings,
  requestWithdraw,
  startWithdrawServer,
  withdrawer,
  type TestUser,
} from '../support/withdrawals';

const env = checkedServer(() => startWithdrawServer());

const LANGS = ['en', 'zh'] as const;
const quota = async (u: TestUser, coin = 'USDT', chain = 'TRC20') =>
  dataOf<WithdrawQuota>(await call(env.origin, 'assets/withdrawInfo', u.token, { coin, chain }));

describe('assets/withdraw refuses bad input in the caller’s language and changes nothing', () => {
  const bad: Array<[string, Record<string, string>, string, string]> = [
    ['a negative amount', { amount: '-20' }, 'amount', 'amountFormat'],
    ['more decimals than USDT has', { amount: '20.0000001' }, 'amount', 'amountFormat'],
    ['an exponent', { amount: '2e1' }, 'amount', 'amountFormat'],
    ['a zero amount', { amount: '0' }, 'amount', 'amountPositive'],
    ['no amount', { amount: '' }, 'amount', 'required'],
    ['an unknown coin', { coin: 'FOO' }, 'coin', 'unknownCoin'],
    ['an unknown chain', { chain: 'XYZ' }, 'chain', 'unknownChain'],
    ['a chain the coin does not travel on', { coin: 'BTC' }, 'chain', 'unknownChain'],
    ['an address in the wrong format', { address: ADDR.ERC20 }, 'address', 'addressFormat'],
    ['no address', { address: '' }, 'address', 'withdrawAddressRequired'],
    [
      'no bound address for the chain',
      { chain: 'ERC20', address: ADDR.ERC20 },
      'address',
      'withdrawAddressRequired',
    ],
    ['an address that is not the bound one', { address: ADDR.TRC20_OTHER }, 'address', 'boundMismatch'],
    ['an amount below the minimum', { amount: '9.999999' }, 'amount', 'withdrawBelowMin'],
    ['a missing trade password', { tradePassword: '' }, 'tradePassword', 'required'],
    ['a wrong trade password', { tradePassword: 'Wrong789x' }, 'tradePassword', 'incorrectTradePassword'],
    ['more than the balance', { amount: '100.000001' }, 'amount', 'insufficientBalance'],
  ];
  it.each(bad)('%s', async (_, patch, field, key) => {
    const u = await withdrawer(env.server, '100');
    const before = await fullSnapshot(env.server.dataDir, u.id);
    for (const lang of LANGS) {
      const res = await requestWithdraw(env.origin, u, patch, lang);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(refusal(lang, key, field));
    }
    expect(await fullSnapshot(env.server.dataDir, u.id)).toEqual(before);
  });

  it('answers HTTP 401 (offer to set one) when the user has no trade password yet', async () => {
    const u = await withdrawer(env.server, '100', { tradePassword: false });
    const before = await fullSnapshot(env.server.dataDir, u.id);
    for (const lang of LANGS) {
      const res = await requestWithdraw(env.origin, u, { tradePassword: 'Anything1' }, lang);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(refusal(lang, 'noTradePassword'));
    }
    expect(await fullSnapshot(env.server.dataDir, u.id)).toEqual(before);
  });

  it('another user’s withdrawal id cannot be cancelled, nor can unknown or malformed ids', async () => {
    const owner = await withdrawer(env.server, '100');
    const w = dataOf<Withdrawal>(await requestWithdraw(env.origin, owner));
    const intruder = await withdrawer(env.server, '100');
    const ownerBefore = await fullSnapshot(env.server.dataDir, owner.id);
    const intruderBefore = await fullSnapshot(env.server.dataDir, intruder.id);
    for (const lang of LANGS) {
      for (const id of [String(w.id), '99999999']) {
        const res = await call(env.origin, 'assets/withdrawCancel', intruder.token, { id }, lang);
        expect(res.status).toBe(404);
        expect(res.body).toEqual(refusal(lang, 'notFound'));
      }
      // Not ids at all: the malformed-parameter answer (server/http/input.ts).
      for (const id of ['-1', 'abc']) {
        const res = await call(env.origin, 'assets/withdrawCancel', intruder.token, { id }, lang);
        expect(res.body).toEqual(refusal(lang, 'badRequest', 'id'));
      }
    }
    expect(await fullSnapshot(env.server.dataDir, owner.id)).toEqual(ownerBefore);
    expect(await fullSnapshot(env.server.dataDir, intruder.id)).toEqual(intruderBefore);
  });
});

describe('daily limit', () => {
  it('refuses above the unverified limit and allows more once the identity is verified', async () => {
    const u = await withdrawer(env.server, '5000');
    dataOf<Withdrawal>(await requestWithdraw(env.origin, u, { amount: '1500' }));
    const before = await fullSnapshot(env.server.dataDir, u.id);
    for (const lang of LANGS) {
      const res = await requestWithdraw(env.origin, u, { amount: '500.000001' }, lang);
      expect(res.body).toEqual(refusal(lang, 'withdrawDailyLimit', 'amount'));
    }
    expect(await fullSnapshot(env.server.dataDir, u.id)).toEqual(before);
    // Exactly up to the limit is allowed.
    dataOf<Withdrawal>(await requestWithdraw(env.origin, u, { amount: '500' }));
    expect(await quota(u)).toMatchObject({
      dailyLimit: '2000.000000',
      remainingToday: '0.000000',
      verified: false,
    });
    expect((await requestWithdraw(env.origin, u, { amount: '10' })).body).toMatchObject({
      key: 'withdrawDailyLimit',
    });

    await verifyIdentity(env.origin, u.token);
    expect(await quota(u)).toMatchObject({
      dailyLimit: '100000.000000',
      usedToday: '2000.000000',
      remainingToday: '98000.000000',
      verified: true,
    });
    const big = dataOf<Withdrawal>(await requestWithdraw(env.origin, u, { amount: '2500' }));
    expect(big.status).toBe('review');
    expect(await holdings(env.server.dataDir, u.id)).toMatchObject({
      available: toUnits('500'),
      frozen: toUnits('4500'),
    });
  });

  it('counts each coin separately, over all its chains', async () => {
    const u = await withdrawer(env.server, '3000');
    await bindAddress(env.origin, u, 'USDT', 'ERC20', ADDR.ERC20);
    dataOf<Withdrawal>(await requestWithdraw(env.origin, u, { amount: '1500' }));
    const other = await requestWithdraw(env.origin, u, {
      chain: 'ERC20',
      address: ADDR.ERC20,
      amount: '600',
    });
    expect(other.body).toMatchObject({ key: 'withdrawDailyLimit', field: 'amount' });
    expect(await quota(u, 'USDT', 'ERC20')).toMatchObject({ usedToday: '1500.000000', fee: '5.000000' });
    expect(await quota(u, 'BTC', 'BTC')).toMatchObject({ usedToday: '0.00000000', dailyLimit: '0.05000000' });
  });
});

describe('deposits short of 6 confirmations', () => {
  it('are counted in the balance but cannot be withdrawn until final', async () => {
    const u = await withdrawer(env.server, '100');
    const inserted = await withServerDb(
      env.server.dataDir,
      (db) =>
        db.get<{ id: number }>(
          `insert into crypto_deposits (user_id, coin, chain, address, txid, vout, amount, block_height,
             confirmations, status, created_at, credited_at)
           values (?, 'USDT', 'TRC20', ?, ?, 0, ?, null, 2, 'credited', ?, ?) returning id`,
          u.id,
          ADDR.TRC20_OTHER,
          `lock-test-${u.id}`,
          toUnits('30'),
          Date.now(),
          Date.now(),
        ),
      { write: true },
    );
    const depositId = inserted!.id;
    await fund(env.server.dataDir, u.id, 'USDT', '30');
    expect(await quota(u)).toMatchObject({ withdrawable: '100.000000', awaitingConfirmations: '30.000000' });

    const before = await fullSnapshot(env.server.dataDir, u.id);
    for (const lang of LANGS) {
      const locked = await requestWithdraw(env.origin, u, { amount: '100.000001' }, lang);
      expect(locked.body).toEqual(refusal(lang, 'withdrawAwaitingConfirmations', 'amount'));
      const over = await requestWithdraw(env.origin, u, { amount: '130.000001' }, lang);
      expect(over.body).toEqual(refusal(lang, 'insufficientBalance', 'amount'));
    }
    expect(await fullSnapshot(env.server.dataDir, u.id)).toEqual(before);

    dataOf<Withdrawal>(await requestWithdraw(env.origin, u, { amount: '100' }));
    expect(await quota(u)).toMatchObject({ withdrawable: '0.000000', awaitingConfirmations: '30.000000' });
    expect((await requestWithdraw(env.origin, u, { amount: '10' })).body).toMatchObject({
      key: 'withdrawAwaitingConfirmations',
    });

    // The 6th confirmation makes it withdrawable.
    await withServerDb(
      env.server.dataDir,
      (db) =>
        db.run(`update crypto_deposits set status = 'final', confirmations = 6 where id = ?`, depositId),
      { write: true },
    );
    expect(await quota(u)).toMatchObject({ withdrawable: '30.000000', awaitingConfirmations: '0.000000' });
    dataOf<Withdrawal>(await requestWithdraw(env.origin, u, { amount: '30' }));
    expect(await holdings(env.server.dataDir, u.id)).toMatchObject({ available: 0n, frozen: toUnits('130') });
  });
});

describe('withdrawInfo', () => {
  it.each<[Record<string, string>, string, string]>([
    [{ coin: 'FOO', chain: 'TRC20' }, 'coin', 'unknownCoin'],
    [{ coin: 'USDT', chain: 'BTC' }, 'chain', 'unknownChain'],
    [{ coin: 'USDT', chain: '' }, 'chain', 'unknownChain'],
  ])('refuses %j', async (fields, field, key) => {
    const u = await withdrawer(env.server, '0', { tradePassword: false, bind: false });
    const res = await call(env.origin, 'assets/withdrawInfo', u.token, fields, 'zh');
    expect(res.body).toEqual(refusal('zh', key, field));
  });

  it('shows no bound address before binding', async () => {
    const u = await withdrawer(env.server, '0', { tradePassword: false, bind: false });
    expect(await quota(u)).toMatchObject({ boundAddress: null, withdrawable: '0.000000' });
  });
});

describe('the per-user budget', () => {
  it('stops trade-password guessing through assets/withdraw after 10 tries a minute', async () => {
    const limited = await startWithdrawServer({ perUser: 10, sim: false });
    try {
      const u = await withdrawer(limited, '100');
      const replies = [];
      for (let i = 0; i < 11; i++) {
        replies.push(await requestWithdraw(limited.origin, u, { tradePassword: `Guess${i}xyz` }));
      }
      expect(replies.slice(0, 10).map((r) => r.body.key)).toEqual(Array(10).fill('incorrectTradePassword'));
      expect(replies[10]!.status).toBe(429);
      expect(await violations(limited.dataDir)).toEqual([]);
    } finally {
      await limited.close();
    }
  });
});
