import { describe, expect, it } from 'vitest';
import type { BankCard } from '../../domain';
import { callApi } from '../support/api';
import { registerUser } from '../support/accounts';
import { startTestServer } from '../support/server';
import { call, dataOf, errorText } from '../support/assets';
import { withServerDb } from '../support/server-db';
import { setTradePassword, TRADE_PWD } from '../support/bank';
import { checkedServer } from '../support/suite';

const CARD = {
  bank: 'Bank of Tests',
  branch: 'Main St',
  cardNumber: '6222 0200 0000 1234 567',
  holder: 'Li  Lei',
};

const env = checkedServer(() => startTestServer({ simMarket: false }));

/** A fresh user, with a trade password unless told otherwise (set through the real code flow). */
async function user(withTradePassword = true) {
  const grant = await registerUser(env.origin);
  if (withTradePassword) await setTradePassword(env.origin, grant.user.account, grant.token);
  return { token: grant.token, id: grant.user.id };
}

function cardRows(userId: number): Promise<unknown[]> {
  return withServerDb(env.server.dataDir, (db) =>
    db.all('select * from bank_cards where user_id = ?', userId),
  );
}

describe('user/bindCard', () => {
  it('binds a card with the trade password, shows it, and replaces it on a second binding', async () => {
    const { token, id } = await user();
    expect(dataOf(await call(env.origin, 'user/bankCard', token))).toEqual({ card: null });

    const bound = dataOf<BankCard>(
      await call(env.origin, 'user/bindCard', token, { ...CARD, tradePassword: TRADE_PWD }),
    );
    expect(bound).toMatchObject({
      bank: 'Bank of Tests',
      branch: 'Main St',
      cardNumber: '6222020000001234567',
      holder: 'Li Lei',
    });
    expect(dataOf(await call(env.origin, 'user/bankCard', token))).toEqual({ card: bound });

    const next = { bank: 'Second Bank', branch: 'North', cardNumber: '4000123412341234', holder: 'Li Lei' };
    const replaced = dataOf<BankCard>(
      await call(env.origin, 'user/bindCard', token, { ...next, tradePassword: TRADE_PWD }),
    );
    expect(replaced).toMatchObject(next);
    expect(dataOf(await call(env.origin, 'user/bankCard', token))).toEqual({ card: replaced });
    expect(await cardRows(id)).toHaveLength(1);
  });

  it('asks for a trade password first (HTTP 401) and binds nothing', async () => {
    const { token, id } = await user(false);
    const res = await call(env.origin, 'user/bindCard', token, { ...CARD, tradePassword: 'whatever1' }, 'en');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ key: 'noTradePassword', msg: errorText('en', 'noTradePassword') });
    expect(await cardRows(id)).toEqual([]);
  });

  it.each<[string, string, string]>([
    ['a wrong trade password', 'Trade124', 'incorrectTradePassword'],
    ['no trade password', '', 'required'],
  ])('refuses %s and binds nothing', async (_, tradePassword, key) => {
    const { token, id } = await user();
    for (const lang of ['en', 'id']) {
      const res = await call(env.origin, 'user/bindCard', token, { ...CARD, tradePassword }, lang);
      expect(res.body).toEqual({
        code: 400,
        data: null,
        msg: errorText(lang, key),
        key,
        field: 'tradePassword',
      });
    }
    expect(await cardRows(id)).toEqual([]);
  });

  const bad: Array<[string, Partial<typeof CARD>, string, string]> = [
    ['no bank', { bank: ' ' }, 'bank', 'required'],
    ['a bank name too long', { bank: 'B'.repeat(61) }, 'bank', 'textTooLong'],
    ['no branch', { branch: '' }, 'branch', 'required'],
    ['letters in the card number', { cardNumber: '6222abcd00001234' }, 'cardNumber', 'cardNumberFormat'],
    ['a card number too short', { cardNumber: '12345678901' }, 'cardNumber', 'cardNumberFormat'],
    ['a card number too long', { cardNumber: '12345678901234567890' }, 'cardNumber', 'cardNumberFormat'],
    ['no holder', { holder: '' }, 'holder', 'required'],
    ['a holder name too long', { holder: 'H'.repeat(61) }, 'holder', 'textTooLong'],
  ];
  it.each(bad)('refuses %s in the caller’s language and binds nothing', async (_, patch, field, key) => {
    const { token, id } = await user();
    for (const lang of ['en', 'jp']) {
      const res = await call(
        env.origin,
        'user/bindCard',
        token,
        { ...CARD, ...patch, tradePassword: TRADE_PWD },
        lang,
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 400, data: null, msg: errorText(lang, key), key, field });
    }
    expect(await cardRows(id)).toEqual([]);
  });

  it('keeps a bound card when a later binding is refused', async () => {
    const { token } = await user();
    const bound = dataOf<BankCard>(
      await call(env.origin, 'user/bindCard', token, { ...CARD, tradePassword: TRADE_PWD }),
    );
    const wrong = await call(env.origin, 'user/bindCard', token, {
      ...CARD,
      cardNumber: '4000123412341234',
      tradePassword: 'Nope1234',
    });
    expect(wrong.body).toMatchObject({ key: 'incorrectTradePassword' });
    expect(dataOf(await call(env.origin, 'user/bankCard', token))).toEqual({ card: bound });
  });

  it('asks for login without a session', async () => {
    expect((await callApi(env.origin, 'user/bankCard')).body).toMatchObject({
      code: 500,
      key: 'sessionInvalid',
    });
    const res = await callApi(env.origin, 'user/bindCard', { ...CARD, tradePassword: TRADE_PWD });
    expect(res.body).toMatchObject({ code: 500, key: 'sessionInvalid' });
  });
});
