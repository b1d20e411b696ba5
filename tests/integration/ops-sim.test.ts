import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Settings } from '../../domain';
import { callApi } from '../support/api';
import { registerUser } from '../support/accounts';
import { runCli } from '../../server/ops/cli';
import { asOperator, enrol, OPS_TEST_PASSWORD } from '../support/operators';
import { databaseUrlOf, startTestServer, type TestServer } from '../support/server';
import { call, errorText, violations } from '../support/assets';
import { withServerDb } from '../support/server-db';
import { mine, NO_TIMER_BLOCK_MS, opsCall, opsData } from '../support/deposits';

let server: TestServer;
let origin: string;
const extra: TestServer[] = [];
beforeAll(async () => {
  server = await startTestServer({ operatorToken: 'test-token', simChainBlockMs: NO_TIMER_BLOCK_MS });
  origin = server.origin;
});
afterAll(async () => {
  await server?.close();
  for (const s of extra) await s.close();
});
afterEach(async () => {
  expect(await violations(server.dataDir)).toEqual([]);
});

/** Rows the simulated chain and deposits keep, to prove a refused request changed nothing. */
function counts(): Promise<Record<string, unknown>> {
  return withServerDb(server.dataDir, async (db) => {
    const n = async (table: string) => (await db.get<{ n: number }>(`select count(*) as n from ${table}`))!.n;
    return {
      txs: await n('sim_chain_txs'),
      deposits: await n('crypto_deposits'),
      actions: await n('ops_actions'),
      heights: await db.all('select chain, height from sim_chain_heights order by chain'),
    };
  });
}

describe('ops authentication', () => {
  it('answers 401 without a token or with a wrong one, 400 without an operator name', async () => {
    const fields = { blocks: 1 };
    expect((await opsCall(origin, 'sim/mine', fields, { token: null })).status).toBe(401);
    expect((await opsCall(origin, 'sim/mine', fields, { token: 'test-tokex' })).status).toBe(401);
    expect((await opsCall(origin, 'sim/mine', fields, { token: '' })).status).toBe(401);
    const anonymous = await opsCall(origin, 'sim/mine', fields, { operator: null });
    expect(anonymous.status).toBe(400);
    expect(anonymous.body).toMatchObject({ key: 'required', field: 'x-operator' });
    expect((await opsCall(origin, 'sim/mine', fields, { operator: 'Bad Name!' })).status).toBe(400);
    expect((await opsCall(origin, 'deposits', {}, { method: 'GET', token: null })).status).toBe(401);
  });

  it('lists the deposit routes among the ops routes', async () => {
    const routes = opsData<Array<{ name: string; method: string; duty: string }>>(
      await opsCall(origin, 'routes', {}, { method: 'GET' }),
    );
    expect(routes).toEqual(
      expect.arrayContaining([
        { name: 'sim/deposit', method: 'POST', duty: 'sim' },
        { name: 'sim/mine', method: 'POST', duty: 'sim' },
        { name: 'deposits', method: 'GET', duty: 'read' },
      ]),
    );
  });
});

describe('sim/deposit refuses bad input and changes nothing', () => {
  let account: string;
  beforeAll(async () => {
    account = (await registerUser(origin)).user.account;
  });

  const cases: Array<[string, Record<string, string>, string, string]> = [
    ['an unknown coin', { coin: 'FOO' }, 'coin', 'unknownCoin'],
    ['an unknown chain', { chain: 'FOO20' }, 'chain', 'unknownChain'],
    ['a coin not on that chain', { coin: 'BTC' }, 'chain', 'unknownChain'],
    ['no amount', { amount: '' }, 'amount', 'required'],
    ['a negative amount', { amount: '-1' }, 'amount', 'amountFormat'],
    ['an exponent', { amount: '1e3' }, 'amount', 'amountFormat'],
    ['more decimals than USDT has', { amount: '1.0000001' }, 'amount', 'amountFormat'],
    ['a zero amount', { amount: '0.000' }, 'amount', 'amountPositive'],
    ['an absurd amount', { amount: '1000000001' }, 'amount', 'amountAboveMax'],
    ['an unknown account', { account: '19999999999' }, 'account', 'accountUnknown'],
    ['no address and no account', { account: '' }, 'address', 'required'],
    [
      'an address in another chain’s format',
      { account: '', address: `0x${'1'.repeat(40)}` },
      'address',
      'addressFormat',
    ],
    ['both an address and an account', { address: `T${'1'.repeat(33)}` }, 'account', 'badRequest'],
    ['a malformed txid', { txid: 'x y' }, 'txid', 'badRequest'],
  ];
  it.each(cases)('%s', async (_, patch, field, key) => {
    const before = await counts();
    for (const lang of ['en', 'zh']) {
      const fields = { chain: 'TRC20', coin: 'USDT', amount: '5', account, ...patch };
      const res = await opsCall(origin, 'sim/deposit', fields, { lang });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 400, data: null, msg: errorText(lang, key), key, field });
    }
    expect(await counts()).toEqual(before);
  });
});

describe('sim/mine', () => {
  const cases: Array<[string, Record<string, string>, string, string]> = [
    ['no block count', {}, 'blocks', 'required'],
    ['zero blocks', { blocks: '0' }, 'blocks', 'badRequest'],
    ['more than 100 blocks', { blocks: '101' }, 'blocks', 'badRequest'],
    ['a fractional count', { blocks: '1.5' }, 'blocks', 'badRequest'],
    ['an unknown chain', { blocks: '1', chain: 'NOPE' }, 'chain', 'unknownChain'],
  ];
  it.each(cases)('refuses %s and mines nothing', async (_, fields, field, key) => {
    const before = await counts();
    const res = await opsCall(origin, 'sim/mine', fields);
    expect(res.body).toMatchObject({ code: 400, key, field });
    expect(await counts()).toEqual(before);
  });

  it('mines one chain or all of them and journals who did', async () => {
    const start = await mine(origin, 1);
    expect(Object.keys(start).sort()).toEqual([
      'BEP20',
      'BTC',
      'DOGE',
      'ERC20',
      'LTC',
      'SOL',
      'TRC20',
      'XRP',
    ]);
    expect(await mine(origin, 100, 'SOL')).toEqual({ SOL: start.SOL! + 100 });
    const actions = opsData<Array<{ action: string; targetId: string; detail: string; operator: string }>>(
      await opsCall(origin, 'actions', { limit: 1 }, { method: 'GET' }),
    );
    expect(actions[0]).toMatchObject({ action: 'sim.mine', targetId: 'SOL', operator: 'alice' });
    expect(JSON.parse(actions[0]!.detail)).toEqual({ blocks: 100 });
  });
});

describe('deposits (operator list)', () => {
  it('refuses an unknown status or account', async () => {
    const bad = await opsCall(origin, 'deposits', { status: 'lost' }, { method: 'GET' });
    expect(bad.body).toMatchObject({ code: 400, key: 'badRequest', field: 'status' });
    const nobody = await opsCall(origin, 'deposits', { account: '19999999999' }, { method: 'GET' });
    expect(nobody.body).toMatchObject({ code: 400, key: 'accountUnknown', field: 'account' });
  });
});

describe('without a chain adapter (SIM_CHAIN=off)', () => {
  it('refuses deposit addresses plainly and has no simulator routes', async () => {
    const off = await startTestServer({ operatorToken: 'test-token', simChain: false });
    extra.push(off);
    expect(((await callApi(off.origin, 'settings')).body as Settings).simulated.chain).toBe(false);
    const { token } = await registerUser(off.origin);
    for (const lang of ['en', 'kor']) {
      const res = await call(
        off.origin,
        'assets/depositAddress',
        token,
        { coin: 'USDT', chain: 'TRC20' },
        lang,
      );
      expect(res.body).toEqual({
        code: 400,
        data: null,
        msg: errorText(lang, 'depositDisabled'),
        key: 'depositDisabled',
        field: 'chain',
      });
    }
    expect(await callApi(off.origin, 'assets/deposits', {}, { token }).then((r) => r.body.data)).toEqual([]);
    expect((await opsCall(off.origin, 'sim/mine', { blocks: 1 })).status).toBe(404);
  });
});

describe('production mode', () => {
  it('has no simulated chain, and the operator API wants an operator account', async () => {
    const prod = await startTestServer({ mode: 'production', operatorToken: undefined });
    extra.push(prod);
    expect((await opsCall(prod.origin, 'deposits', {}, { method: 'GET' })).status).toBe(401);
    expect((await opsCall(prod.origin, 'routes', {}, { method: 'GET' })).status).toBe(401);
    expect((await opsCall(prod.origin, 'sim/deposit', { chain: 'TRC20' })).status).toBe(404);
    const settings = (await callApi(prod.origin, 'settings')).body as Settings;
    expect(settings.simulated.chain).toBe(false);
  });

  it('refuses the shared OPERATOR_TOKEN; an operator’s personal token serves the routes but not the simulator’s', async () => {
    const prod = await startTestServer({ mode: 'production', operatorToken: 'test-token' });
    extra.push(prod);
    expect((await opsCall(prod.origin, 'deposits', {}, { method: 'GET' })).status).toBe(401);
    const io = { out: () => {}, err: () => {} };
    const env = {
      DATA_DIR: prod.dataDir,
      OPS_PASSWORD: OPS_TEST_PASSWORD,
      OPS_OPERATOR: 'root',
      DATABASE_URL: databaseUrlOf(prod.dataDir),
    };
    expect(await runCli(['operators/create', 'name=rita', 'role=reviewer'], env, io)).toBe(0);
    const { session } = await enrol(prod.origin, 'rita');
    const { token } = opsData<{ token: string }>(
      await asOperator(prod.origin, session.token, 'tokens/create', { label: 'cli' }),
    );
    expect(opsData<unknown[]>(await asOperator(prod.origin, token, 'deposits', {}, 'GET'))).toEqual([]);
    const sim = await asOperator(prod.origin, token, 'sim/deposit', {
      chain: 'TRC20',
      coin: 'USDT',
      amount: '1',
    });
    expect(sim.status).toBe(404);
    expect((await asOperator(prod.origin, token, 'sim/mine', { blocks: 1 })).status).toBe(404);
    const routes = opsData<Array<{ name: string }>>(
      await asOperator(prod.origin, token, 'routes', {}, 'GET'),
    );
    expect(routes.map((r) => r.name)).not.toContain('sim/deposit');
  });
});
