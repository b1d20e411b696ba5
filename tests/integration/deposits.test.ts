import { describe, expect, it } from 'vitest';
import {
  addressFormatOk,
  DEFAULT_LANG,
  type DepositAddress,
  type JournalLine,
  type Settings,
} from '../../domain';
import { DEFAULT_CATALOG } from '../../server/market/catalog';
import { watchPrivate } from '../support/private-events';
import { callApi } from '../support/api';
import { registerUser } from '../support/accounts';
import { startTestServer } from '../support/server';
import { checkedServer } from '../support/suite';
import { call, dataOf, errorText, violations } from '../support/assets';
import {
  cryptoCredits,
  mine,
  myDeposits,
  NO_TIMER_BLOCK_MS,
  opsCall,
  opsData,
  simDeposit,
  spotAvailable,
} from '../support/deposits';

const env = checkedServer(() =>
  startTestServer({ operatorToken: 'test-token', simChainBlockMs: NO_TIMER_BLOCK_MS }),
);

async function user() {
  const grant = await registerUser(env.origin);
  return { token: grant.token, id: grant.user.id, account: grant.user.account };
}

async function address(token: string, coin = 'USDT', chain = 'TRC20'): Promise<DepositAddress> {
  return dataOf<DepositAddress>(await call(env.origin, 'assets/depositAddress', token, { coin, chain }));
}

describe('settings', () => {
  it('says the chain is simulated in demo mode', async () => {
    const settings = (await callApi(env.origin, 'settings')).body as Settings;
    expect(settings.simulated.chain).toBe(true);
  });
});

describe('assets/depositAddress', () => {
  it('hands out one stable address per user and chain, in the chain’s format', async () => {
    const a = await user();
    const b = await user();
    for (const chain of DEFAULT_CATALOG.chains) {
      const coin = DEFAULT_CATALOG.coinChains.find((t) => t.chain === chain.id)!.coin;
      const got = await address(a.token, coin, chain.id);
      expect(got).toMatchObject({
        coin,
        chain: chain.id,
        creditConfirmations: 1,
        withdrawableConfirmations: 6,
        simulated: true,
      });
      expect(addressFormatOk(chain.format, got.address)).toBe(true);
      expect((await address(a.token, coin, chain.id)).address).toBe(got.address);
      expect((await address(b.token, coin, chain.id)).address).not.toBe(got.address);
    }
    // Every coin of a chain arrives at the user's one address on it.
    expect((await address(a.token, 'TRX', 'TRC20')).address).toBe((await address(a.token)).address);
  });

  const bad: Array<[string, Record<string, string>, string, string]> = [
    ['no coin', { coin: '' }, 'coin', 'required'],
    ['no chain', { chain: '' }, 'chain', 'required'],
    ['an unknown coin', { coin: 'FOO' }, 'coin', 'unknownCoin'],
    ['an unknown chain', { chain: 'FOO20' }, 'chain', 'unknownChain'],
    ['a coin not on that chain', { coin: 'BTC', chain: 'TRC20' }, 'chain', 'unknownChain'],
  ];
  it.each(bad)('refuses %s in the caller’s language', async (_, patch, field, key) => {
    const { token } = await user();
    for (const lang of [DEFAULT_LANG, 'en', 'zh']) {
      const res = await call(
        env.origin,
        'assets/depositAddress',
        token,
        { coin: 'USDT', chain: 'TRC20', ...patch },
        lang,
      );
      expect(res.body).toEqual({ code: 400, data: null, msg: errorText(lang, key), key, field });
    }
  });

  it('asks for login without a session', async () => {
    const res = await callApi(env.origin, 'assets/depositAddress', { coin: 'USDT', chain: 'TRC20' });
    expect(res.body).toMatchObject({ code: 500, key: 'sessionInvalid' });
  });
});

describe('a crypto deposit', () => {
  it('is pending unconfirmed, credited at 1 confirmation, final at 6', async () => {
    const a = await user();
    const { address: to } = await address(a.token);
    const sent = await simDeposit(env.origin, {
      chain: 'TRC20',
      coin: 'USDT',
      amount: '12.5',
      account: a.account,
    });
    expect(sent).toMatchObject({ address: to, userId: a.id, amount: '12.500000', blockHeight: null });

    const [pending] = await myDeposits(env.origin, a.token);
    expect(pending).toMatchObject({
      id: sent.depositId,
      coin: 'USDT',
      chain: 'TRC20',
      address: to,
      txid: sent.txid,
      amount: '12.500000',
      confirmations: 0,
      status: 'pending',
      creditedAt: null,
    });
    expect(await spotAvailable(env.origin, a.token, 'USDT')).toBe('0');

    await mine(env.origin, 1, 'TRC20');
    const [credited] = await myDeposits(env.origin, a.token);
    expect(credited).toMatchObject({ confirmations: 1, status: 'credited' });
    expect(credited!.creditedAt).toEqual(expect.any(Number));
    expect(await spotAvailable(env.origin, a.token, 'USDT')).toBe('12.50000000');
    const journal = dataOf<JournalLine[]>(
      await call(env.origin, 'assets/journal', a.token, { kind: 'deposit.crypto' }),
    );
    expect(journal).toEqual([
      expect.objectContaining({
        kind: 'deposit.crypto',
        refType: 'crypto_deposits',
        refId: String(sent.depositId),
        account: 'spot',
        coin: 'USDT',
        delta: '12.50000000',
      }),
    ]);

    await mine(env.origin, 4, 'TRC20');
    expect((await myDeposits(env.origin, a.token))[0]).toMatchObject({
      confirmations: 5,
      status: 'credited',
    });
    // Blocks of other chains do not confirm it.
    await mine(env.origin, 3, 'BTC');
    expect((await myDeposits(env.origin, a.token))[0]).toMatchObject({
      confirmations: 5,
      status: 'credited',
    });
    await mine(env.origin, 1);
    expect((await myDeposits(env.origin, a.token))[0]).toMatchObject({ confirmations: 6, status: 'final' });
    await mine(env.origin, 2, 'TRC20');
    expect(await spotAvailable(env.origin, a.token, 'USDT')).toBe('12.50000000');
    expect(await cryptoCredits(env.server.dataDir, a.id)).toBe(1);

    const listed = opsData<Array<Record<string, unknown>>>(
      await opsCall(env.origin, 'deposits', { account: a.account }, { method: 'GET' }),
    );
    expect(listed).toEqual([
      expect.objectContaining({ id: sent.depositId, userId: a.id, account: a.account, status: 'final' }),
    ]);
    const actions = opsData<Array<{ action: string; operator: string; targetId: string }>>(
      await opsCall(env.origin, 'actions', {}, { method: 'GET' }),
    );
    expect(actions).toContainEqual(
      expect.objectContaining({ action: 'sim.deposit', operator: 'alice', targetId: `TRC20:${sent.txid}` }),
    );
    expect(actions).toContainEqual(expect.objectContaining({ action: 'sim.mine', operator: 'alice' }));
  });

  it('arrives at an address given instead of an account, with the coin’s decimals', async () => {
    const a = await user();
    const { address: to } = await address(a.token, 'BTC', 'BTC');
    const sent = await simDeposit(env.origin, {
      chain: 'BTC',
      coin: 'BTC',
      amount: '0.00012345',
      address: to,
    });
    expect(sent.userId).toBe(a.id);
    await mine(env.origin, 1, 'BTC');
    expect(await myDeposits(env.origin, a.token)).toEqual([
      expect.objectContaining({ amount: '0.00012345', status: 'credited', coin: 'BTC' }),
    ]);
    expect(await spotAvailable(env.origin, a.token, 'BTC')).toBe('0.00012345');
  });

  it('is credited once however often its txid is reported', async () => {
    const a = await user();
    const fields = {
      chain: 'TRC20',
      coin: 'USDT',
      amount: '3',
      account: a.account,
      txid: `dup${Date.now()}`,
    };
    const first = await simDeposit(env.origin, fields);
    const again = await simDeposit(env.origin, fields);
    expect(again).toMatchObject({ txid: first.txid, replayed: true, depositId: first.depositId });
    await mine(env.origin, 1, 'TRC20');
    const third = await simDeposit(env.origin, fields);
    expect(third).toMatchObject({ replayed: true, blockHeight: expect.any(Number) });
    await mine(env.origin, 1, 'TRC20');
    expect(await myDeposits(env.origin, a.token)).toHaveLength(1);
    expect(await spotAvailable(env.origin, a.token, 'USDT')).toBe('3.00000000');
    expect(await cryptoCredits(env.server.dataDir, a.id)).toBe(1);

    const conflict = await opsCall(env.origin, 'sim/deposit', { ...fields, amount: '4' });
    expect(conflict.body).toMatchObject({ code: 400, key: 'badRequest', field: 'txid' });
  });

  it('to an address nobody was given is taken by the chain and credited to nobody', async () => {
    const before = await violations(env.server.dataDir);
    const sent = await simDeposit(env.origin, {
      chain: 'ERC20',
      coin: 'USDT',
      amount: '1',
      address: `0x${'ab'.repeat(20)}`,
    });
    expect(sent).toMatchObject({ userId: null, depositId: null });
    await mine(env.origin, 1, 'ERC20');
    expect(await violations(env.server.dataDir)).toEqual(before);
  });

  it('is seen only by its owner', async () => {
    const a = await user();
    const b = await user();
    await simDeposit(env.origin, { chain: 'TRC20', coin: 'USDT', amount: '2', account: a.account });
    await mine(env.origin, 1, 'TRC20');
    expect(await myDeposits(env.origin, a.token)).toHaveLength(1);
    expect(await myDeposits(env.origin, b.token)).toEqual([]);
    expect(await spotAvailable(env.origin, b.token, 'USDT')).toBe('0');
  });

  it('pages newest first and filters by coin', async () => {
    const a = await user();
    for (const amount of ['1', '2', '3']) {
      await simDeposit(env.origin, { chain: 'TRC20', coin: 'USDT', amount, account: a.account });
    }
    await simDeposit(env.origin, { chain: 'TRC20', coin: 'TRX', amount: '9', account: a.account });
    const all = await myDeposits(env.origin, a.token);
    expect(all.map((d) => d.amount)).toEqual(['9.000000', '3.000000', '2.000000', '1.000000']);
    const page = await myDeposits(env.origin, a.token, { coin: 'USDT', limit: 1, before: all[1]!.id });
    expect(page.map((d) => d.amount)).toEqual(['2.000000']);
    expect((await call(env.origin, 'assets/deposits', a.token, { coin: 'FOO' })).body).toMatchObject({
      key: 'unknownCoin',
    });
    expect((await call(env.origin, 'assets/deposits', a.token, { limit: 0 })).body).toMatchObject({
      key: 'badRequest',
      field: 'limit',
    });
  });

  it('pushes deposit and balance events on the private channel', async () => {
    const a = await user();
    const { events, close } = await watchPrivate(env.origin, a.token);
    await simDeposit(env.origin, { chain: 'TRC20', coin: 'USDT', amount: '7', account: a.account });
    await expect.poll(() => events.length).toBe(1);
    await mine(env.origin, 1, 'TRC20');
    await expect.poll(() => events.length).toBe(3);
    close();
    expect(events.map((e) => (e.type === 'deposit' ? `deposit:${e.deposit.status}` : e.type))).toEqual([
      'deposit:pending',
      'deposit:credited',
      'balance',
    ]);
    expect(events[2]).toEqual({
      type: 'balance',
      balances: [{ account: 'spot', coin: 'USDT', available: '7.00000000', frozen: '0.00000000' }],
    });
  });
});

describe('blocks on the timer', () => {
  it('confirm a deposit to final without anyone mining', async () => {
    const timed = await startTestServer({ operatorToken: 'test-token', simChainBlockMs: 150 });
    try {
      const grant = await registerUser(timed.origin);
      await simDeposit(timed.origin, {
        chain: 'DOGE',
        coin: 'DOGE',
        amount: '42',
        account: grant.user.account,
      });
      await expect
        .poll(async () => (await myDeposits(timed.origin, grant.token))[0]?.status, { timeout: 10_000 })
        .toBe('final');
      expect(await spotAvailable(timed.origin, grant.token, 'DOGE')).toBe('42.00000000');
      expect(await violations(timed.dataDir)).toEqual([]);
    } finally {
      await timed.close();
    }
  });
});
