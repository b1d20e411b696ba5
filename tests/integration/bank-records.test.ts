import { describe, expect, it } from 'vitest';
import type { BankDeposit } from '../../domain';
import { callApi } from '../support/api';
import { registerUser } from '../support/accounts';
import { call, dataOf, errorText, violations } from '../support/assets';
import { bankState, depositor, OPS_TOKEN, spotUnits, startBankServer, uploadProof } from '../support/bank';
import { bankSuite } from '../support/suite';

const bank = bankSuite();
const { ops, deposit } = bank;
const state = (userId: number) => bankState(bank.server.dataDir, userId);

describe('assets/bankDeposit refusals', () => {
  const bad: Array<[string, Record<string, string>, string, string]> = [
    ['a payer who is not the card holder', { payerName: 'Han Meimei' }, 'payerName', 'boundMismatch'],
    ['no payer name', { payerName: '' }, 'payerName', 'required'],
    ['an amount below the minimum', { amount: '9.99' }, 'amount', 'amountBelowMin'],
    ['an amount above the maximum', { amount: '5000.01' }, 'amount', 'amountAboveMax'],
    ['too many decimals', { amount: '100.001' }, 'amount', 'amountFormat'],
    ['a negative amount', { amount: '-100' }, 'amount', 'amountFormat'],
    ['a zero amount', { amount: '0' }, 'amount', 'amountPositive'],
    ['no reference', { reference: ' ' }, 'reference', 'required'],
    ['a reference too long', { reference: 'R'.repeat(65) }, 'reference', 'textTooLong'],
    ['no proof', { proofId: '' }, 'proofId', 'uploadRequired'],
    ['an unknown proof id', { proofId: 'a'.repeat(32) }, 'proofId', 'uploadRequired'],
  ];
  it.each(bad)('refuses %s in the caller’s language and changes nothing', async (_, patch, field, key) => {
    const me = await depositor(bank.origin);
    const before = await state(me.id);
    for (const lang of ['en', 'hk']) {
      const res = await deposit(me.token, { proofId: me.proofId, ...patch }, lang);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 400, data: null, msg: errorText(lang, key), key, field });
    }
    expect(await state(me.id)).toEqual(before);
  });

  it('refuses a deposit without a bound card', async () => {
    const me = await depositor(bank.origin, false);
    const before = await state(me.id);
    for (const lang of ['en', 'kor']) {
      const res = await deposit(me.token, { proofId: me.proofId }, lang);
      expect(res.body).toEqual({
        code: 400,
        data: null,
        msg: errorText(lang, 'cardRequired'),
        key: 'cardRequired',
      });
    }
    expect(await state(me.id)).toEqual(before);
  });

  it('refuses another user’s proof, and a proof that already backs a deposit', async () => {
    const me = await depositor(bank.origin);
    const other = await depositor(bank.origin);
    const mine = await state(me.id);
    const theirs = await state(other.id);
    for (const lang of ['en', 'zh']) {
      const res = await deposit(me.token, { proofId: other.proofId }, lang);
      expect(res.body).toEqual({
        code: 400,
        data: null,
        msg: errorText(lang, 'uploadRequired'),
        key: 'uploadRequired',
        field: 'proofId',
      });
    }
    expect(await state(me.id)).toEqual(mine);
    expect(await state(other.id)).toEqual(theirs);

    dataOf(await deposit(me.token, { proofId: me.proofId }));
    const afterFirst = await state(me.id);
    const reused = await deposit(me.token, { proofId: me.proofId, reference: 'REF-2' });
    expect(reused.body).toMatchObject({ key: 'uploadRequired', field: 'proofId' });
    expect(await state(me.id)).toEqual(afterFirst);
  });

  it('answers depositDisabled when the catalog turns bank deposits off', async () => {
    const off = await startBankServer(null);
    try {
      const grant = await registerUser(off.origin);
      const res = await callApi(
        off.origin,
        'assets/bankDeposit',
        { amount: '100', payerName: 'Li Lei', reference: 'R', proofId: 'a'.repeat(32) },
        { token: grant.token, headers: { lang: 'id' } },
      );
      expect(res.body).toEqual({
        code: 400,
        data: null,
        msg: errorText('id', 'depositDisabled'),
        key: 'depositDisabled',
      });
      expect(await violations(off.dataDir)).toEqual([]);
    } finally {
      await off.close();
    }
  });
});

describe('bank deposit records', () => {
  it('shows deposits only to their owner, newest first, page by page', async () => {
    const me = await depositor(bank.origin);
    const other = await depositor(bank.origin);
    const ids: number[] = [];
    for (const amount of ['10', '20.5', '30.25']) {
      const proofId = ids.length === 0 ? me.proofId : await uploadProof(bank.origin, me.token);
      ids.push(dataOf<BankDeposit>(await deposit(me.token, { amount, proofId })).id);
    }
    const theirs = dataOf<BankDeposit>(await deposit(other.token, { proofId: other.proofId }));

    const first = dataOf<BankDeposit[]>(
      await call(bank.origin, 'assets/bankDeposits', me.token, { limit: 2 }),
    );
    expect(first.map((d) => d.id)).toEqual([ids[2], ids[1]]);
    expect(first.map((d) => d.amount)).toEqual(['30.25', '20.50']);
    const second = dataOf<BankDeposit[]>(
      await call(bank.origin, 'assets/bankDeposits', me.token, { limit: 2, before: first[1]!.id }),
    );
    expect(second.map((d) => d.id)).toEqual([ids[0]]);
    const all = dataOf<BankDeposit[]>(
      await call(bank.origin, 'assets/bankDeposits', me.token, { before: theirs.id + 1 }),
    );
    expect(all.map((d) => d.id)).not.toContain(theirs.id);

    for (const [name, fields] of [
      ['assets/bankDepositDetail', { id: theirs.id }],
      ['assets/proof', { id: other.proofId }],
      ['assets/bankDepositDetail', { id: 999_999 }],
    ] as const) {
      const res = await call(bank.origin, name, me.token, fields, 'en');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 400, data: null, msg: errorText('en', 'notFound'), key: 'notFound' });
    }
    // Not an id at all: the malformed-parameter answer (server/http/input.ts).
    expect((await call(bank.origin, 'assets/bankDepositDetail', me.token, { id: 'abc' }, 'en')).body).toEqual(
      {
        code: 400,
        data: null,
        msg: errorText('en', 'badRequest'),
        key: 'badRequest',
        field: 'id',
      },
    );
  });

  it('lets the operator filter by status and account, and refuses bad filters', async () => {
    const me = await depositor(bank.origin);
    const made = dataOf<BankDeposit>(await deposit(me.token, { proofId: me.proofId }));
    const review = (await ops('GET', 'bank-deposits', { status: 'review', limit: 200 })).body
      .data as BankDeposit[];
    expect(review.map((d) => d.id)).toContain(made.id);
    expect(review.every((d) => d.status === 'review')).toBe(true);
    const confirmed = (await ops('GET', 'bank-deposits', { status: 'confirmed', account: me.account })).body
      .data;
    expect(confirmed).toEqual([]);
    expect((await ops('GET', 'bank-deposits', { status: 'paid' })).body).toMatchObject({ key: 'badRequest' });
    expect((await ops('GET', 'bank-deposits', { account: '19999999999' })).body).toMatchObject({
      key: 'accountUnknown',
    });
    expect((await ops('POST', 'bank-deposits/confirm', { id: 999_999 })).status).toBe(404);
  });

  it('keeps the operator routes behind the token and an operator name', async () => {
    const me = await depositor(bank.origin);
    const made = dataOf<BankDeposit>(await deposit(me.token, { proofId: me.proofId }));
    const url = `${bank.origin}/api/ops/bank-deposits/confirm`;
    const body = JSON.stringify({ id: made.id });
    const json = { 'content-type': 'application/json' };
    const noToken = await fetch(url, { method: 'POST', headers: { ...json, 'x-operator': 'alice' }, body });
    expect(noToken.status).toBe(401);
    const wrong = await fetch(url, {
      method: 'POST',
      headers: { ...json, authorization: 'Bearer nope', 'x-operator': 'alice' },
      body,
    });
    expect(wrong.status).toBe(401);
    const anonymous = await fetch(url, {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${OPS_TOKEN}` },
      body,
    });
    expect(anonymous.status).toBe(400);
    expect(await spotUnits(bank.server.dataDir, me.id)).toBe(0n);
    expect(
      dataOf(await call(bank.origin, 'assets/bankDepositDetail', me.token, { id: made.id })),
    ).toMatchObject({
      status: 'review',
    });
  });
});
