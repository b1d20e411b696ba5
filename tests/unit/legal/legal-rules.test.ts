import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderActorRole } from '../../../domain/legal';
import {
  checkPaymentMethod,
  isFinalStatus,
  nextStatus,
  parseAdMethods,
  quoteTake,
  quoteText,
  TRANSITIONS,
  utcDay,
  type OrderAction,
} from '../../../domain/legal-rules';

const quote = (by: 'amount' | 'qty', value: string, price: bigint, dec: number) => {
  const q = quoteTake(by, value, price, dec);
  return q && quoteText(q, dec);
};

describe('quoteTake', () => {
  it.each([
    // by amount: qty = floor(amount / price) to the coin decimals; amount = floor(qty × price) to cents
    ['amount', '100', 700n, 2, { qty: '14.28', amount: '99.96' }],
    ['amount', '70', 700n, 2, { qty: '10.00', amount: '70.00' }],
    ['amount', '0.06', 700n, 2, { qty: '0.00', amount: '0.00' }],
    ['amount', '1000', 46_512_345n, 6, { qty: '0.002149', amount: '999.55' }],
    ['amount', '99.99', 333n, 2, { qty: '30.02', amount: '99.96' }],
    // by quantity: floored to the coin decimals, never rounded up
    ['qty', '20.009', 710n, 2, { qty: '20.00', amount: '142.00' }],
    ['qty', '0.0000019', 46_512_345n, 6, { qty: '0.000001', amount: '0.46' }],
    ['qty', '3', 333n, 2, { qty: '3.00', amount: '9.99' }],
  ] as const)('%s %s at %i cents (%i decimals)', (by, value, price, dec, expected) => {
    expect(quote(by, value, price, dec)).toEqual(expected);
  });

  it('never costs more than typed, and the quantity never exceeds amount ÷ price', () => {
    for (let cents = 1; cents < 5000; cents += 37) {
      for (const price of [1n, 333n, 700n, 12_345n]) {
        const q = quoteTake('amount', (cents / 100).toFixed(2), price, 2)!;
        expect(q.amountCents <= BigInt(cents)).toBe(true);
        expect(q.qtyUnits * price <= BigInt(cents) * 100_000_000n).toBe(true);
      }
    }
  });

  it.each(['', '-1', '1e3', '1.234', 'abc', '1.'])('refuses amount %j', (v) => {
    expect(quoteTake('amount', v, 700n, 2)).toBeNull();
  });
  it.each(['', '-1', '0x10', '1.123456789'])('refuses quantity %j', (v) => {
    expect(quoteTake('qty', v, 700n, 2)).toBeNull();
  });
});

describe('the order state machine', () => {
  const actions: OrderAction[] = [
    'pay',
    'cancel',
    'expire',
    'release',
    'appeal',
    'decideRelease',
    'decideReturn',
    'decideFraud',
  ];
  const roles: OrderActorRole[] = ['buyer', 'seller', 'system', 'operator'];
  const allowed: Record<string, string> = {
    'pending pay buyer': 'paid',
    'pending cancel buyer': 'cancelled',
    'pending expire system': 'cancelled',
    'paid release seller': 'completed',
    'paid appeal buyer': 'appeal',
    'paid appeal seller': 'appeal',
    'appeal release seller': 'completed',
    'appeal decideRelease operator': 'completed',
    'appeal decideReturn operator': 'withdrawn',
    'appeal decideFraud operator': 'abnormal',
  };
  const table = ORDER_STATUSES.flatMap((s) => actions.flatMap((a) => roles.map((r) => [s, a, r] as const)));
  it.each(table)('%s --%s by %s', (status, action, role) => {
    expect(nextStatus(status, action, role)).toBe(allowed[`${status} ${action} ${role}`] ?? null);
  });
  it('has exactly the listed transitions, and the ends are final', () => {
    expect(TRANSITIONS.reduce((n, t) => n + t.by.length, 0)).toBe(Object.keys(allowed).length);
    expect(ORDER_STATUSES.filter(isFinalStatus)).toEqual(['completed', 'cancelled', 'withdrawn', 'abnormal']);
  });
});

describe('payment methods and ads', () => {
  it('checks each kind', () => {
    expect(
      checkPaymentMethod({
        kind: 'bank',
        realName: ' Li  Lei ',
        bank: 'B',
        cardNumber: '6222-0200 0000 1234',
      }),
    ).toMatchObject({
      realName: 'Li Lei',
      cardNumber: '6222020000001234',
    });
    expect(checkPaymentMethod({ kind: 'bank', realName: 'A', bank: 'B', cardNumber: '12345' })).toEqual({
      field: 'cardNumber',
      key: 'cardNumberFormat',
    });
    expect(checkPaymentMethod({ kind: 'alipay', realName: 'A' })).toEqual({
      field: 'account',
      key: 'required',
    });
    expect(checkPaymentMethod({ kind: 'wechat', realName: 'A', account: 'w' })).toEqual({
      field: 'nickname',
      key: 'required',
    });
    expect(checkPaymentMethod({ kind: 'trc20' })).toEqual({ field: 'qrId', key: 'required' });
    expect(checkPaymentMethod({ kind: 'erc20', qrId: '../etc/passwd' })).toEqual({
      field: 'qrId',
      key: 'uploadRequired',
    });
    expect(checkPaymentMethod({ kind: 'cash' as never })).toEqual({ field: 'kind', key: 'badRequest' });
  });
  it('parses ad methods', () => {
    expect(parseAdMethods('bank, alipay,bank')).toEqual(['bank', 'alipay']);
    expect(parseAdMethods('')).toBeNull();
    expect(parseAdMethods('bank,trc20')).toBeNull();
  });
  it('counts days in UTC', () => {
    expect(utcDay(Date.UTC(2026, 0, 1, 23, 59))).toBe('2026-01-01');
    expect(utcDay(Date.UTC(2026, 0, 2, 0, 0))).toBe('2026-01-02');
  });
});
