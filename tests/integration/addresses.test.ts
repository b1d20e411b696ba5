import { describe, expect, it } from 'vitest';
import type { BoundAddress, Withdrawal } from '../../domain';
import { call, dataOf, refusal } from '../support/assets';
import { checkedServer } from '../support/suite';
import {
  ADDR,
  bindAddress,
  codeFor,
  fullSnapshot,
  requestWithdraw,
  startWithdrawServer,
  withdrawer,
  type TestUser,
} from '../support/withdrawals';

const env = checkedServer(() => startWithdrawServer({ sim: false }));
const list = async (u: TestUser, fields: Record<string, string> = {}) =>
  dataOf<BoundAddress[]>(await call(env.origin, 'assets/addresses', u.token, fields));
const fresh = () => withdrawer(env.server, '100', { bind: false });

describe('binding a withdrawal address', () => {
  it('binds with a bind code, lists it, and the code works only once', async () => {
    const u = await fresh();
    const code = await codeFor(env.origin, u.account, 'bind');
    const req = { coin: 'USDT', chain: 'TRC20', address: ADDR.TRC20, label: ' Ledger Nano ', code };
    const bound = dataOf<BoundAddress>(await call(env.origin, 'assets/bindAddress', u.token, req));
    expect(bound).toMatchObject({ coin: 'USDT', chain: 'TRC20', address: ADDR.TRC20, label: 'Ledger Nano' });
    expect(await list(u)).toEqual([bound]);
    const info = await call(env.origin, 'assets/withdrawInfo', u.token, { coin: 'USDT', chain: 'TRC20' });
    expect(dataOf<{ boundAddress: string }>(info).boundAddress).toBe(ADDR.TRC20);

    const before = await fullSnapshot(env.server.dataDir, u.id);
    const reused = await call(
      env.origin,
      'assets/bindAddress',
      u.token,
      { ...req, address: ADDR.TRC20_OTHER },
      'zh',
    );
    expect(reused.body).toEqual(refusal('zh', 'codeWrong', 'code'));
    expect(await fullSnapshot(env.server.dataDir, u.id)).toEqual(before);
  });

  it('replaces the address bound for the same coin and chain; the old one can no longer be used', async () => {
    const u = await fresh();
    const first = await bindAddress(env.origin, u, 'USDT', 'TRC20', ADDR.TRC20, 'old');
    const erc = await bindAddress(env.origin, u, 'USDT', 'ERC20', ADDR.ERC20);
    const second = await bindAddress(env.origin, u, 'USDT', 'TRC20', ADDR.TRC20_OTHER, 'new');
    expect(second).toMatchObject({ id: first.id, address: ADDR.TRC20_OTHER, label: 'new' });
    expect((await list(u)).map((a) => [a.chain, a.address])).toEqual([
      ['ERC20', erc.address],
      ['TRC20', ADDR.TRC20_OTHER],
    ]);
    expect((await list(u, { chain: 'TRC20' })).map((a) => a.address)).toEqual([ADDR.TRC20_OTHER]);
    expect(await list(u, { coin: 'BTC' })).toEqual([]);
    const old = await requestWithdraw(env.origin, u, { address: ADDR.TRC20 }, 'en');
    expect(old.body).toEqual(refusal('en', 'boundMismatch', 'address'));
    expect(
      dataOf<Withdrawal>(await requestWithdraw(env.origin, u, { address: ADDR.TRC20_OTHER })).address,
    ).toBe(ADDR.TRC20_OTHER);
  });

  it('matches EVM addresses without regard to case (mixed case is only a checksum)', async () => {
    const u = await fresh();
    await bindAddress(env.origin, u, 'USDT', 'ERC20', ADDR.ERC20);
    const w = dataOf<Withdrawal>(
      await requestWithdraw(env.origin, u, {
        chain: 'ERC20',
        address: ADDR.ERC20.toLowerCase(),
        amount: '20',
      }),
    );
    expect(w).toMatchObject({ address: ADDR.ERC20, fee: '5.000000', receive: '15.000000' });
  });

  const bad: Array<[string, Record<string, string>, string, string]> = [
    ['an unknown coin', { coin: 'FOO' }, 'coin', 'unknownCoin'],
    ['an unknown chain', { chain: 'XYZ' }, 'chain', 'unknownChain'],
    ['a chain the coin does not travel on', { chain: 'BTC' }, 'chain', 'unknownChain'],
    ['no address', { address: ' ' }, 'address', 'required'],
    ['an address in another chain’s format', { address: ADDR.ERC20 }, 'address', 'addressFormat'],
    ['an address one character short', { address: ADDR.TRC20.slice(0, -1) }, 'address', 'addressFormat'],
    [
      'an address with a character base58 excludes',
      { address: `${ADDR.TRC20.slice(0, -1)}0` },
      'address',
      'addressFormat',
    ],
    ['a label over 30 characters', { label: 'x'.repeat(31) }, 'label', 'textTooLong'],
    ['no code', { code: '' }, 'code', 'codeRequired'],
    ['a malformed code', { code: '12ab' }, 'code', 'codeFormat'],
  ];
  it.each(bad)(
    'refuses %s in the caller’s language, changes nothing and keeps the code',
    async (_, patch, field, key) => {
      const u = await fresh();
      const code = await codeFor(env.origin, u.account, 'bind');
      const before = await fullSnapshot(env.server.dataDir, u.id);
      for (const lang of ['en', 'zh']) {
        const req = { coin: 'USDT', chain: 'TRC20', address: ADDR.TRC20, code, ...patch };
        const res = await call(env.origin, 'assets/bindAddress', u.token, req, lang);
        expect(res.status).toBe(200);
        expect(res.body).toEqual(refusal(lang, key, field));
      }
      expect(await fullSnapshot(env.server.dataDir, u.id)).toEqual(before);
      // The refusal came before the code was checked, so it still binds.
      const ok = await call(env.origin, 'assets/bindAddress', u.token, {
        coin: 'USDT',
        chain: 'TRC20',
        address: ADDR.TRC20,
        code,
      });
      expect(dataOf<BoundAddress>(ok).address).toBe(ADDR.TRC20);
    },
  );

  it('refuses a wrong code in the caller’s language and binds nothing', async () => {
    const u = await fresh();
    const code = await codeFor(env.origin, u.account, 'bind');
    const wrong = `${code.slice(0, -1)}${(Number(code.at(-1)) + 1) % 10}`;
    const before = await fullSnapshot(env.server.dataDir, u.id);
    for (const lang of ['en', 'zh']) {
      const res = await call(
        env.origin,
        'assets/bindAddress',
        u.token,
        { coin: 'USDT', chain: 'TRC20', address: ADDR.TRC20, code: wrong },
        lang,
      );
      expect(res.body).toEqual(refusal(lang, 'codeWrong', 'code'));
    }
    expect(await fullSnapshot(env.server.dataDir, u.id)).toEqual(before);
  });

  it.each<[Record<string, string>, string, string]>([
    [{ coin: 'FOO' }, 'coin', 'unknownCoin'],
    [{ chain: 'XYZ' }, 'chain', 'unknownChain'],
  ])('the list refuses %j', async (fields, field, key) => {
    const u = await fresh();
    const res = await call(env.origin, 'assets/addresses', u.token, fields, 'zh');
    expect(res.body).toEqual(refusal('zh', key, field));
  });
});

describe('unbinding', () => {
  it('removes only the caller’s own address; afterwards withdrawing asks for one', async () => {
    const owner = await withdrawer(env.server, '100');
    const intruder = await fresh();
    const [bound] = await list(owner);
    const before = await fullSnapshot(env.server.dataDir, owner.id);
    for (const lang of ['en', 'zh']) {
      for (const id of [String(bound!.id), '99999999']) {
        const res = await call(env.origin, 'assets/unbindAddress', intruder.token, { id }, lang);
        expect(res.status).toBe(404);
        expect(res.body).toEqual(refusal(lang, 'notFound'));
      }
      // Not an id at all: the malformed-parameter answer (server/http/input.ts).
      const res = await call(env.origin, 'assets/unbindAddress', intruder.token, { id: 'x' }, lang);
      expect(res.body).toEqual(refusal(lang, 'badRequest', 'id'));
    }
    expect(await fullSnapshot(env.server.dataDir, owner.id)).toEqual(before);

    dataOf(await call(env.origin, 'assets/unbindAddress', owner.token, { id: bound!.id }));
    expect(await list(owner)).toEqual([]);
    const res = await requestWithdraw(env.origin, owner, {}, 'zh');
    expect(res.body).toEqual(refusal('zh', 'withdrawAddressRequired', 'address'));
  });
});
