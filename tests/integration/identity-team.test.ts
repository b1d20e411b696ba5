import { describe, expect, it } from 'vitest';
import type { AuthCodeGrant, RebateLine, TeamMember, TeamSummary } from '../../domain/identity-endpoints';
import { registerUser } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/server';
import { call, dataOf, errorText, fund, violations } from '../support/assets';
import { withServerDb } from '../support/server-db';
import { opsCall } from '../support/bank';
import { startIdentityServer, verifyIdentity } from '../support/identity';
import { checkedServer } from '../support/suite';

const env = checkedServer(() => startIdentityServer());

const summary = async (token: string) => dataOf<TeamSummary>(await call(env.origin, 'team/summary', token));
const rebates = async (token: string) => dataOf<RebateLine[]>(await call(env.origin, 'team/rebates', token));

/** Waits until `check` passes (rebates are paid right after the spot batch commits). */
async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const v = await read();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('condition not reached');
}

interface TradeRow {
  id: number;
  maker_user_id: number;
  taker_user_id: number;
  maker_fee_units: number;
  taker_fee_units: number;
}

describe('invite, team and rebates', () => {
  it('credits the inviter a share of the spot fee a direct referral paid, from the house, naming the trade', async () => {
    const inviter = await registerUser(env.origin);
    const before = await summary(inviter.token);
    expect(before).toMatchObject({
      promoCode: inviter.user.promoCode,
      level: 'member',
      direct: 0,
      active: 0,
      activeDays: 30,
      rebates: [],
      rebateShare: '0.2',
    });

    const referral = await registerUser(env.origin, undefined, undefined, { promo: inviter.user.promoCode });
    const stranger = await registerUser(env.origin);
    expect(await summary(inviter.token)).toMatchObject({ direct: 1, active: 0 });
    const members = dataOf<TeamMember[]>(await call(env.origin, 'team/members', inviter.token));
    expect(members).toEqual([expect.objectContaining({ id: referral.user.id, active: false, kyc: 'none' })]);
    expect(members[0]!.account).not.toBe(referral.user.account);
    expect(members[0]!.account).toContain('****');

    // The referral buys 0.5 BTC at 20 000 from a stranger, as taker: its fee is in BTC.
    await fund(env.server.dataDir, referral.user.id, 'USDT', '20000');
    await fund(env.server.dataDir, stranger.user.id, 'BTC', '1');
    const order = { symbol: 'BTC/USDT', type: 'limit', price: '20000', qty: '0.5' };
    dataOf(await call(env.origin, 'trade/place', stranger.token, { ...order, side: 'sell' }));
    dataOf(await call(env.origin, 'trade/place', referral.token, { ...order, side: 'buy' }));

    const lines = await eventually(
      () => rebates(inviter.token),
      (l) => l.length === 1,
    );
    await withServerDb(env.server.dataDir, async (db) => {
      const trade = (await db.get<TradeRow>(
        'select * from spot_trades where taker_user_id = ? order by id desc limit 1',
        referral.user.id,
      ))!;
      const fee = BigInt(trade.taker_fee_units);
      // 0.1 % of 0.5 BTC = 0.0005 BTC; 20 % of it = 0.0001 BTC.
      expect(fee).toBe(50_000n);
      expect(lines[0]).toMatchObject({
        coin: 'BTC',
        amount: '0.00010000',
        fee: '0.00050000',
        tradeId: trade.id,
        symbol: 'BTC/USDT',
      });
      expect(lines[0]!.from).toContain('****');
      // One ledger transaction from the house to the inviter, naming the trade.
      const tx = await db.get<{ kind: string; ref_type: string; ref_id: string }>(
        'select * from ledger_tx where id = ?',
        lines[0]!.ledgerTxId,
      );
      expect(tx).toMatchObject({ kind: 'rebate', ref_type: 'spot_trades', ref_id: String(trade.id) });
      const journal = await db.all(
        'select user_id, account, coin, delta from journal where tx_id = ? order by id',
        lines[0]!.ledgerTxId,
      );
      expect(journal).toEqual([
        { user_id: 0, account: 'spot', coin: 'BTC', delta: -10_000 },
        { user_id: inviter.user.id, account: 'spot', coin: 'BTC', delta: 10_000 },
      ]);
      // The stranger has no inviter: nothing is paid for its USDT fee.
      expect(
        await db.get('select count(*) as n from identity_rebates where referral_id = ?', stranger.user.id),
      ).toEqual({ n: 0 });
    });
    const after = await summary(inviter.token);
    expect(after).toMatchObject({ direct: 1, active: 1, rebates: [{ coin: 'BTC', amount: '0.00010000' }] });
    const balances = dataOf<{ coin: string; account: string; available: string }[]>(
      await call(env.origin, 'assets/balances', inviter.token),
    );
    expect(balances.find((b) => b.coin === 'BTC' && b.account === 'spot')?.available).toBe('0.00010000');
  });

  it('pays each trade once across a restart, even with the cursor set back', async () => {
    const own = await startIdentityServer();
    let restarted: TestServer | null = null;
    try {
      const inviter = await registerUser(own.origin);
      const referral = await registerUser(own.origin, undefined, undefined, {
        promo: inviter.user.promoCode,
      });
      const other = await registerUser(own.origin);
      await fund(own.dataDir, referral.user.id, 'ETH', '2');
      await fund(own.dataDir, other.user.id, 'USDT', '20000');
      const order = { symbol: 'ETH/USDT', type: 'limit', price: '3000', qty: '1' };
      dataOf(await call(own.origin, 'trade/place', other.token, { ...order, side: 'buy' }));
      dataOf(await call(own.origin, 'trade/place', referral.token, { ...order, side: 'sell' }));
      // The referral sold as taker: its fee is 3 USDT, the rebate 0.6 USDT.
      const first = await eventually(
        () => call(own.origin, 'team/rebates', inviter.token).then((r) => dataOf<RebateLine[]>(r)),
        (l) => l.length === 1,
      );
      expect(first[0]).toMatchObject({ coin: 'USDT', amount: '0.600000' });
      await own.stop();
      await withServerDb(
        own.dataDir,
        async (db) => {
          // Saved at stop: every trade looked at.
          const cursor = await db.get<{ last: number }>(
            'select last_trade_id as last from identity_rebate_cursor',
          );
          const newest = await db.get<{ last: number }>('select max(id) as last from spot_trades');
          expect(cursor!.last).toBe(newest!.last);
          await db.run('update identity_rebate_cursor set last_trade_id = 0');
        },
        { write: true },
      );
      restarted = await startTestServer({ dataDir: own.dataDir, operatorToken: 'x', simMarket: false });
      const origin2 = restarted.origin;
      dataOf(await call(origin2, 'trade/place', other.token, { ...order, side: 'buy' }));
      dataOf(await call(origin2, 'trade/place', referral.token, { ...order, side: 'sell' }));
      const lines = await eventually(
        () => call(origin2, 'team/rebates', inviter.token).then((r) => dataOf<RebateLine[]>(r)),
        (l) => l.length >= 2,
      );
      expect(lines).toHaveLength(2);
      expect(new Set(lines.map((l) => l.tradeId)).size).toBe(2);
      const summary2 = dataOf<TeamSummary>(await call(origin2, 'team/summary', inviter.token));
      expect(summary2.rebates).toEqual([{ coin: 'USDT', amount: '1.200000' }]);
      expect(await violations(own.dataDir)).toEqual([]);
    } finally {
      await restarted?.stop();
      await own.close();
    }
  });

  it('lets an agent add a user only with that user’s authorization code, checked on the server', async () => {
    const top = await registerUser(env.origin);
    const agent = await registerUser(env.origin, undefined, undefined, { promo: top.user.promoCode });
    const target = await registerUser(env.origin);
    const member = await registerUser(env.origin);
    const add = (token: string, fields: Record<string, string>) =>
      call(env.origin, 'team/add', token, fields, 'en');

    // A member is not an agent.
    const notAgent = await add(member.token, { account: target.user.account, authCode: 'ABCDEFGH' });
    expect(notAgent.body).toMatchObject({ code: 400, msg: errorText('en', 'agentOnly') });

    // The operator appoints the agent (journaled); without a verified identity the answer is 998.
    const appointed = await opsCall(env.origin, 'POST', 'users/agent', {
      account: agent.user.account,
      agent: 'true',
    });
    expect(appointed.body.data).toMatchObject({ level: 'agent' });
    const unverified = await add(agent.token, { account: target.user.account, authCode: 'ABCDEFGH' });
    expect(unverified.body).toMatchObject({ code: 998 });
    await verifyIdentity(env.origin, agent.token);

    const grant = dataOf<AuthCodeGrant>(await call(env.origin, 'team/authCode', target.token));
    expect(grant.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(grant.expiresAt).toBeGreaterThan(Date.now());

    // Wrong code, unknown account: the same answer, nothing changes.
    const wrong = await add(agent.token, { account: target.user.account, authCode: 'ABCDEFGH' });
    expect(wrong.body).toMatchObject({ field: 'authCode', msg: errorText('en', 'authCodeWrong') });
    const unknown = await add(agent.token, { account: '19999999999', authCode: grant.code });
    expect(unknown.body).toMatchObject({ field: 'authCode', msg: errorText('en', 'authCodeWrong') });

    const added = await add(agent.token, {
      account: target.user.account,
      authCode: grant.code.toLowerCase(),
    });
    expect(dataOf<TeamMember>(added)).toMatchObject({ id: target.user.id });
    expect(await summary(agent.token)).toMatchObject({ level: 'agent', direct: 1 });
    // The code works once.
    const again = await add(agent.token, { account: target.user.account, authCode: grant.code });
    expect(again.body).toMatchObject({ msg: errorText('en', 'authCodeWrong') });

    // A user already in a team, the agent's own upline, and the agent itself are refused.
    const c1 = dataOf<AuthCodeGrant>(await call(env.origin, 'team/authCode', target.token));
    expect((await add(agent.token, { account: target.user.account, authCode: c1.code })).body).toMatchObject({
      msg: errorText('en', 'teamAlreadyMember'),
    });
    const c2 = dataOf<AuthCodeGrant>(await call(env.origin, 'team/authCode', top.token));
    expect((await add(agent.token, { account: top.user.account, authCode: c2.code })).body).toMatchObject({
      msg: errorText('en', 'teamCycle'),
    });
    const c3 = dataOf<AuthCodeGrant>(await call(env.origin, 'team/authCode', agent.token));
    expect((await add(agent.token, { account: agent.user.account, authCode: c3.code })).body).toMatchObject({
      msg: errorText('en', 'teamSelf'),
    });

    await withServerDb(env.server.dataDir, async (db) => {
      const referrer = (id: number) => db.get('select referrer_id from users where id = ?', id);
      expect(await referrer(target.user.id)).toEqual({ referrer_id: agent.user.id });
      expect(await referrer(top.user.id)).toEqual({ referrer_id: null });
      expect(
        await db.get('select count(*) as n from identity_team_joins where agent_id = ?', agent.user.id),
      ).toEqual({ n: 1 });
      const action = (await db.get<{ operator: string; detail: string }>(
        `select operator, detail from ops_actions where action = 'user.level' and target_id = ?`,
        String(agent.user.id),
      ))!;
      expect(action.operator).toBe('alice');
      expect(JSON.parse(action.detail)).toEqual({ from: 'member', to: 'agent' });
    });
  });

  it('stops accepting a code after five wrong guesses', async () => {
    const agent = await registerUser(env.origin);
    await opsCall(env.origin, 'POST', 'users/agent', { account: agent.user.account, agent: 'true' });
    await verifyIdentity(env.origin, agent.token);
    const target = await registerUser(env.origin);
    const grant = dataOf<AuthCodeGrant>(await call(env.origin, 'team/authCode', target.token));
    for (let i = 0; i < 5; i++) {
      const r = await call(
        env.origin,
        'team/add',
        agent.token,
        { account: target.user.account, authCode: 'ZZZZZZZZ' },
        'en',
      );
      expect(r.body.msg).toBe(errorText('en', 'authCodeWrong'));
    }
    const late = await call(
      env.origin,
      'team/add',
      agent.token,
      { account: target.user.account, authCode: grant.code },
      'en',
    );
    expect(late.body).toMatchObject({ msg: errorText('en', 'authCodeAttempts') });
    expect(
      await withServerDb(env.server.dataDir, (db) =>
        db.get('select referrer_id from users where id = ?', target.user.id),
      ),
    ).toEqual({ referrer_id: null });
  });
});
