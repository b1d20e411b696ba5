// The edges of domain/legal-rules.ts: scaled decimals on both sides of each limit, exact take quotes
// and their text, payment methods field by field, and UTC day arithmetic. Written for mutation
// testing (docs/mutation.md).
import { describe, expect, it } from 'vitest';
import {
  amountOf,
  checkPaymentMethod,
  formatScaled,
  nextUtcDay,
  parseAdMethods,
  parseScaled,
  quoteTake,
  quoteText,
} from '../../../domain/legal-rules';

describe('scaled decimals', () => {
  it('parses up to 15 whole digits and at most the given decimals', () => {
    expect(parseScaled(' 12.5 ', 2)).toBe(1250n);
    expect(parseScaled('7', 0)).toBe(7n);
    expect(parseScaled('0.00000001', 8)).toBe(1n);
    expect(parseScaled('1.005', 2)).toBeNull();
    expect(parseScaled('9'.repeat(15), 0)).toBe(999_999_999_999_999n);
    expect(parseScaled('9'.repeat(16), 0)).toBeNull();
    for (const bad of ['', '.5', '1.', '-1', '1e2', '1,5', '+1']) expect(parseScaled(bad, 2)).toBeNull();
  });

  it('formats with exactly the decimals, negatives with a sign', () => {
    expect(formatScaled(1250n, 2)).toBe('12.50');
    expect(formatScaled(5n, 2)).toBe('0.05');
    expect(formatScaled(-5n, 2)).toBe('-0.05');
    expect(formatScaled(-1250n, 0)).toBe('-1250');
    expect(formatScaled(0n, 3)).toBe('0.000');
  });
});

describe('take quotes', () => {
  it('the amount of a quantity at a price, floored to cents', () => {
    expect(amountOf(333_333_333n, 300n)).toBe(999n);
    expect(amountOf(100_000_000n, 701n)).toBe(701n);
  });

  it('by amount: quantity floored to the coin decimals; by quantity: floored too', () => {
    expect(quoteTake('amount', '10', 300n, 2)).toEqual({ qtyUnits: 333_000_000n, amountCents: 999n });
    expect(quoteTake('amount', '10', 300n, 8)).toEqual({ qtyUnits: 333_333_333n, amountCents: 999n });
    expect(quoteTake('qty', '1.239', 700n, 2)).toEqual({ qtyUnits: 123_000_000n, amountCents: 861n });
    expect(quoteTake('qty', '1.239', 700n, 0)).toEqual({ qtyUnits: 100_000_000n, amountCents: 700n });
    expect(quoteTake('amount', '10.001', 300n, 2)).toBeNull();
    expect(quoteTake('qty', '0.000000001', 300n, 2)).toBeNull();
    expect(quoteTake('qty', '1', 0n, 2)).toBeNull();
    expect(quoteTake('qty', '1', -1n, 2)).toBeNull();
    expect(quoteTake('qty', '1', 1n, 2)).toEqual({ qtyUnits: 100_000_000n, amountCents: 1n });
  });

  it('as text for the preview', () => {
    expect(quoteText({ qtyUnits: 123_000_000n, amountCents: 861n }, 2)).toEqual({
      qty: '1.23',
      amount: '8.61',
    });
    expect(quoteText({ qtyUnits: 123_456_789n, amountCents: 5n }, 8)).toEqual({
      qty: '1.23456789',
      amount: '0.05',
    });
  });
});

describe('payment methods', () => {
  const bank = { kind: 'bank' as const, realName: 'Li Lei', bank: 'ICBC', cardNumber: '622202000000' };

  it('a bank card of 12 to 19 digits; other fields of other kinds are dropped', () => {
    expect(checkPaymentMethod({ ...bank, account: 'x', nickname: 'y', qrId: '' })).toEqual({
      kind: 'bank',
      realName: 'Li Lei',
      bank: 'ICBC',
      cardNumber: '622202000000',
      account: '',
      nickname: '',
      qrId: '',
    });
    expect(checkPaymentMethod({ ...bank, cardNumber: '62220200000' })).toEqual({
      field: 'cardNumber',
      key: 'cardNumberFormat',
    });
    expect(checkPaymentMethod({ ...bank, cardNumber: '6'.repeat(19) })).toHaveProperty(
      'cardNumber',
      '6'.repeat(19),
    );
    expect(checkPaymentMethod({ ...bank, cardNumber: '6'.repeat(20) })).toEqual({
      field: 'cardNumber',
      key: 'cardNumberFormat',
    });
    expect(checkPaymentMethod({ ...bank, cardNumber: '6222a2000000' })).toEqual({
      field: 'cardNumber',
      key: 'cardNumberFormat',
    });
    expect(checkPaymentMethod({ ...bank, bank: ' ' })).toEqual({ field: 'bank', key: 'required' });
    expect(checkPaymentMethod({ ...bank, realName: '' })).toEqual({ field: 'realName', key: 'required' });
  });

  it('alipay and wechat keep what they need only', () => {
    expect(
      checkPaymentMethod({
        kind: 'alipay',
        realName: 'A',
        account: 'acc',
        bank: 'B',
        cardNumber: '1',
        nickname: 'n',
      }),
    ).toEqual({
      kind: 'alipay',
      realName: 'A',
      bank: '',
      cardNumber: '',
      account: 'acc',
      nickname: '',
      qrId: '',
    });
    expect(
      checkPaymentMethod({ kind: 'wechat', realName: 'A', nickname: 'nick', account: 'w', bank: 'B' }),
    ).toEqual({
      kind: 'wechat',
      realName: 'A',
      bank: '',
      cardNumber: '',
      account: 'w',
      nickname: 'nick',
      qrId: '',
    });
    expect(checkPaymentMethod({ kind: 'wechat', nickname: 'n', account: 'w' })).toEqual({
      field: 'realName',
      key: 'required',
    });
    expect(checkPaymentMethod({ kind: 'wechat', realName: 'A', nickname: 'n' })).toEqual({
      field: 'account',
      key: 'required',
    });
  });

  it('texts of at most 64 characters each, and a 32-hex image id', () => {
    for (const f of ['realName', 'bank'] as const) {
      expect(checkPaymentMethod({ ...bank, [f]: '名'.repeat(64) })).toHaveProperty('kind', 'bank');
      expect(checkPaymentMethod({ ...bank, [f]: '名'.repeat(65) })).toEqual({ field: f, key: 'textTooLong' });
    }
    const wechat = { kind: 'wechat' as const, realName: 'A', nickname: 'n', account: 'w' };
    expect(checkPaymentMethod({ ...wechat, account: 'a'.repeat(65) })).toEqual({
      field: 'account',
      key: 'textTooLong',
    });
    expect(checkPaymentMethod({ ...wechat, nickname: 'a'.repeat(65) })).toEqual({
      field: 'nickname',
      key: 'textTooLong',
    });
    const qr = 'ab'.repeat(16);
    expect(checkPaymentMethod({ kind: 'trc20', qrId: ` ${qr} ` })).toMatchObject({ kind: 'trc20', qrId: qr });
    expect(checkPaymentMethod({ kind: 'trc20', qrId: `${qr}0` })).toEqual({
      field: 'qrId',
      key: 'uploadRequired',
    });
    expect(checkPaymentMethod({ kind: 'trc20', qrId: 'AB'.repeat(16) })).toEqual({
      field: 'qrId',
      key: 'uploadRequired',
    });
    expect(checkPaymentMethod({ ...wechat, qrId: qr })).toHaveProperty('qrId', qr);
    expect(checkPaymentMethod({ ...bank, realName: '  Li \n  Lei ' })).toHaveProperty('realName', 'Li Lei');
    expect(checkPaymentMethod({ ...bank, realName: 5 as never })).toEqual({
      field: 'realName',
      key: 'required',
    });
  });

  it('ad methods: fiat kinds only, each once', () => {
    expect(parseAdMethods(' wechat ,, alipay ')).toEqual(['wechat', 'alipay']);
    expect(parseAdMethods(' , ')).toBeNull();
    expect(parseAdMethods('bank,cash')).toBeNull();
  });
});

describe('UTC days', () => {
  it('the next day starts at midnight UTC, also across a month and a year', () => {
    expect(nextUtcDay(Date.UTC(2026, 0, 1, 23, 59, 59, 999))).toBe(Date.UTC(2026, 0, 2));
    expect(nextUtcDay(Date.UTC(2026, 0, 2))).toBe(Date.UTC(2026, 0, 3));
    expect(nextUtcDay(Date.UTC(2026, 1, 28, 12))).toBe(Date.UTC(2026, 2, 1));
    expect(nextUtcDay(Date.UTC(2026, 11, 31, 1))).toBe(Date.UTC(2027, 0, 1));
  });
});
