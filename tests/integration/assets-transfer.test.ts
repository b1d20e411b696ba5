import { describe, expect, it } from 'vitest';
import type { JournalLine, TransferRecord } from '../../domain';
import { watchPrivate } from '../support/private-events';
import { callApi } from '../support/api';
import { registerUser } from '../support/accounts';
import { startTestServer } from '../support/server';
import { call, dataOf, errorText, fund, snapshot } from '../support/assets';
import { checkedServer } from '../support/suite';

// The market simulator keeps trading through the same Ledger while these tests move money.

const env = checkedServer(() => startTestServer());

async function fundedUser(usdt = '100') {
  const grant = await registerUser(env.origin);
  await fund(env.server.dataDir, grant.user.id, 'USDT', usdt);
  return { token: grant.token, id: grant.user.id };
}

type Line = { account: string; coin: string; available: string; frozen: string };
async function balances(token: string): Promise<Record<string, string>> {
  const lines = dataOf<Line[]>(await call(env.origin, 'assets/balances', token));
  return Object.fromEntries(lines.map((l) => [`${l.account}/${l.coin}`, l.available]));
}

describe('assets/transfer', () => {
  it('moves money spot → lever and back through one ledger transaction each', async () => {
    const { token } = await fundedUser('100');
    const out = dataOf<TransferRecord>(
      await call(env.origin, 'assets/transfer', token, {
        from: 'spot',
        to: 'lever',
        coin: 'USDT',
        amount: '30.123456',
        remark: 'margin',
      }),
    );
    expect(out).toMatchObject({
      from: 'spot',
      to: 'lever',
      coin: 'USDT',
      amount: '30.123456',
      remark: 'margin',
    });
    expect(await balances(token)).toEqual({ 'lever/USDT': '30.12345600', 'spot/USDT': '69.87654400' });

    const back = await call(env.origin, 'assets/transfer', token, {
      from: 'lever',
      to: 'spot',
      coin: 'USDT',
      amount: '0.1',
    });
    expect(dataOf<TransferRecord>(back).amount).toBe('0.100000');
    expect(await balances(token)).toEqual({ 'lever/USDT': '30.02345600', 'spot/USDT': '69.97654400' });

    const journal = dataOf<JournalLine[]>(
      await call(env.origin, 'assets/journal', token, { kind: 'transfer' }),
    );
    expect(journal.map((l) => [l.account, l.delta, l.refType])).toEqual([
      ['spot', '0.10000000', 'transfers'],
      ['lever', '-0.10000000', 'transfers'],
      ['lever', '30.12345600', 'transfers'],
      ['spot', '-30.12345600', 'transfers'],
    ]);
    expect(journal[2]!.refId).toBe(String(out.id));
    expect(journal[0]!.txId).toBe(journal[1]!.txId);
  });

  const bad: Array<[string, Record<string, string>, string, string]> = [
    ['a negative amount', { amount: '-1' }, 'amount', 'amountFormat'],
    ['a zero amount', { amount: '0' }, 'amount', 'amountPositive'],
    ['more decimals than USDT has', { amount: '1.0000001' }, 'amount', 'amountFormat'],
    ['an exponent', { amount: '1e2' }, 'amount', 'amountFormat'],
    ['no amount', { amount: '' }, 'amount', 'required'],
    ['an unknown coin', { coin: 'FOO' }, 'coin', 'unknownCoin'],
    ['an unknown source account', { from: 'wallet' }, 'from', 'unknownAccount'],
    ['an unknown target account', { to: 'savings' }, 'to', 'unknownAccount'],
    ['the same account twice', { to: 'spot' }, 'to', 'transferSameAccount'],
    ['a pair outside the matrix', { from: 'lever', to: 'finance' }, 'to', 'transferPairNotAllowed'],
    ['a remark naming a coin', { remark: 'for my eth' }, 'remark', 'transferRemarkCoin'],
    ['a remark too long', { remark: 'r'.repeat(61) }, 'remark', 'remarkTooLong'],
    ['more than the balance', { amount: '100.000001' }, 'amount', 'insufficientBalance'],
    [
      'money the source account does not hold',
      { from: 'finance', to: 'spot' },
      'amount',
      'insufficientBalance',
    ],
  ];
  it.each(bad)('refuses %s in the caller’s language and changes nothing', async (_, patch, field, key) => {
    const { token, id } = await fundedUser('100');
    const before = await snapshot(env.server.dataDir, id);
    for (const lang of ['en', 'zh', 'kor']) {
      const req = { from: 'spot', to: 'lever', coin: 'USDT', amount: '1', ...patch };
      const res = await call(env.origin, 'assets/transfer', token, req, lang);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 400, data: null, msg: errorText(lang, key), key, field });
    }
    expect(await snapshot(env.server.dataDir, id)).toEqual(before);
  });

  it('pushes the new balances on the private channel', async () => {
    const { token } = await fundedUser('10');
    const { events, close } = await watchPrivate(env.origin, token);
    await call(env.origin, 'assets/transfer', token, {
      from: 'spot',
      to: 'second',
      coin: 'USDT',
      amount: '4',
    });
    await expect.poll(() => events.length).toBeGreaterThan(0);
    close();
    expect(events.at(-1)).toEqual({
      type: 'balance',
      balances: [
        { account: 'second', coin: 'USDT', available: '4.00000000', frozen: '0.00000000' },
        { account: 'spot', coin: 'USDT', available: '6.00000000', frozen: '0.00000000' },
      ],
    });
  });

  it('asks for login without a session', async () => {
    const res = await callApi(env.origin, 'assets/transfer', {
      from: 'spot',
      to: 'lever',
      coin: 'USDT',
      amount: '1',
    });
    expect(res.body).toMatchObject({ code: 500, key: 'sessionInvalid' });
  });

  it('never overdraws under 50 parallel transfers, and the journal still sums', async () => {
    const { token, id } = await fundedUser('10');
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(env.origin, 'assets/transfer', token, {
          from: 'spot',
          to: 'lever',
          coin: 'USDT',
          amount: '0.7',
        }),
      ),
    );
    const ok = replies.filter((r) => r.body.code === 200);
    const refused = replies.filter((r) => r.body.key === 'insufficientBalance');
    expect(ok).toHaveLength(14);
    expect(refused).toHaveLength(36);
    expect(await balances(token)).toEqual({ 'lever/USDT': '9.80000000', 'spot/USDT': '0.20000000' });
    const journal = dataOf<JournalLine[]>(
      await call(env.origin, 'assets/journal', token, { account: 'spot', coin: 'USDT', limit: 200 }),
    );
    const sum = journal.reduce((s, l) => s + BigInt(l.delta.replace('.', '')), 0n);
    expect(sum).toBe(20_000_000n);
    expect(journal).toHaveLength(15);
    expect(await snapshot(env.server.dataDir, id)).toMatchObject({ transfers: [{ n: 14n }] });
  });

  it('keeps every account non-negative under parallel transfers in all directions', async () => {
    const { token } = await fundedUser('5');
    const accounts = ['lever', 'legal', 'second', 'finance'];
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const other = accounts[i % 4]!;
        const out = i % 3 !== 2;
        return call(env.origin, 'assets/transfer', token, {
          from: out ? 'spot' : other,
          to: out ? other : 'spot',
          coin: 'USDT',
          amount: ['0.5', '1', '0.25'][i % 3]!,
        });
      }),
    );
    for (const r of replies)
      expect([200, 'insufficientBalance']).toContain(r.body.code === 200 ? 200 : r.body.key);
    const totals = Object.values(await balances(token)).map((v) => BigInt(v.replace('.', '')));
    for (const t of totals) expect(t).toBeGreaterThanOrEqual(0n);
    expect(totals.reduce((a, b) => a + b, 0n)).toBe(500_000_000n);
  });
});

describe('assets/transfers history', () => {
  it('pages newest first by `before` and shows only the caller’s transfers', async () => {
    const a = await fundedUser('100');
    const b = await fundedUser('100');
    const ids: number[] = [];
    for (let i = 1; i <= 7; i++) {
      const r = await call(env.origin, 'assets/transfer', a.token, {
        from: 'spot',
        to: 'second',
        coin: 'USDT',
        amount: String(i),
      });
      ids.push(dataOf<TransferRecord>(r).id);
    }
    const theirs = dataOf<TransferRecord>(
      await call(env.origin, 'assets/transfer', b.token, {
        from: 'spot',
        to: 'finance',
        coin: 'USDT',
        amount: '1',
      }),
    );
    const seen: number[] = [];
    let before: number | undefined;
    for (;;) {
      const page = dataOf<TransferRecord[]>(
        await call(env.origin, 'assets/transfers', a.token, { limit: 3, ...(before && { before }) }),
      );
      if (page.length === 0) break;
      expect(page.length).toBeLessThanOrEqual(3);
      seen.push(...page.map((t) => t.id));
      before = page.at(-1)!.id;
    }
    expect(seen).toEqual([...ids].reverse());
    // Another user's id as the page cursor reveals nothing of theirs.
    const afterTheirs = dataOf<TransferRecord[]>(
      await call(env.origin, 'assets/transfers', a.token, { before: theirs.id + 1 }),
    );
    expect(afterTheirs.map((t) => t.id)).not.toContain(theirs.id);
    expect(
      dataOf<TransferRecord[]>(await call(env.origin, 'assets/transfers', a.token, { coin: 'BTC' })),
    ).toEqual([]);
  });

  it.each<[Record<string, string>, string, string]>([
    [{ coin: 'FOO' }, 'coin', 'unknownCoin'],
    [{ before: '-1' }, 'before', 'badRequest'],
    [{ before: 'abc' }, 'before', 'badRequest'],
    [{ limit: '0' }, 'limit', 'badRequest'],
    [{ limit: '201' }, 'limit', 'badRequest'],
  ])('refuses %j', async (fields, field, key) => {
    const { token } = await fundedUser('1');
    const res = await call(env.origin, 'assets/transfers', token, fields, 'vi');
    expect(res.body).toEqual({ code: 400, data: null, msg: errorText('vi', key), key, field });
  });
});
