import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JOURNAL_KINDS, type CoinInfo } from '../../../domain';
import { LANGS } from '../../../domain/locale';
import {
  accountParam,
  isZeroAmount,
  kindLabelKey,
  LABELLED_KINDS,
  optionalAccount,
  signedAmount,
  trimFraction,
} from '../../../src/pages/assets/assets-format';
import { initialCoin, remarkLength, transferProblems } from '../../../src/pages/assets/transfer-rules';
import type { TransferValues } from '../../../src/pages/assets/transfer-rules';
import { cardProblems } from '../../../src/pages/mine/card-rules';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe('journal kinds', () => {
  it('label every known ledger kind and the funding flows', () => {
    for (const kind of JOURNAL_KINDS) expect(kindLabelKey(kind)).not.toBeNull();
    for (const kind of [
      'deposit.crypto',
      'deposit.bank',
      'withdraw.freeze',
      'withdraw.send',
      'withdraw.release',
    ]) {
      expect(kindLabelKey(kind)).toBe(kind.replace('.', '_'));
    }
  });

  it('leave unknown kinds to be shown as written', () => {
    expect(kindLabelKey('test.grant')).toBeNull();
    expect(kindLabelKey('')).toBeNull();
  });

  it.each([...LANGS])('have a label in %s', (lang) => {
    const file = path.join(ROOT, 'locales', lang, 'assets.json');
    const kinds = (
      JSON.parse(fs.readFileSync(file, 'utf8')) as { journal: { kinds: Record<string, string> } }
    ).journal.kinds;
    for (const kind of LABELLED_KINDS) expect(kinds[kindLabelKey(kind)!], `${lang} ${kind}`).toBeTruthy();
  });
});

describe('amount text', () => {
  it.each([
    ['0', true],
    ['0.00000000', true],
    ['-0.00', true],
    ['0.00000001', false],
    ['10', false],
    ['', false],
    ['.', false],
  ])('isZeroAmount(%j) is %s', (value, zero) => {
    expect(isZeroAmount(value)).toBe(zero);
  });

  it.each([
    ['30.12345600', '+30.123456', 'income'],
    ['-30.12345600', '-30.123456', 'expense'],
    ['-0.00000001', '-0.00000001', 'expense'],
    ['100.00000000', '+100', 'income'],
    ['0.00000000', '0', 'none'],
  ])('signedAmount(%j) writes the sign: %s', (delta, text, direction) => {
    expect(signedAmount(delta)).toEqual({ text, direction });
  });

  it('trims only the zeros that end a fraction, never rounding', () => {
    expect(trimFraction('500.0000000')).toBe('500');
    expect(trimFraction('1.23456789')).toBe('1.23456789');
    expect(trimFraction('100')).toBe('100');
    expect(trimFraction('0.10')).toBe('0.1');
  });
});

describe('account query parameters', () => {
  it('accept the five accounts and fall back otherwise', () => {
    expect(accountParam('lever')).toBe('lever');
    expect(accountParam('wallet')).toBe('spot');
    expect(accountParam(null, 'finance')).toBe('finance');
    expect(optionalAccount('second')).toBe('second');
    expect(optionalAccount('')).toBeNull();
  });
});

const COINS: CoinInfo[] = [
  { symbol: 'USDT', name: 'Tether', decimals: 6 },
  { symbol: 'ETH', name: 'Ethereum', decimals: 8 },
];
const values = (patch: Partial<TransferValues>): TransferValues => ({
  from: 'spot',
  to: 'lever',
  coin: 'USDT',
  amount: '1',
  remark: '',
  ...patch,
});

describe('transfer form rules', () => {
  it('need a plain decimal amount', () => {
    expect(transferProblems(values({}), COINS)).toEqual({});
    expect(transferProblems(values({ amount: ' ' }), COINS)).toEqual({ amount: 'required' });
    expect(transferProblems(values({ amount: '-1' }), COINS)).toEqual({ amount: 'amountFormat' });
    expect(transferProblems(values({ amount: '1e3' }), COINS)).toEqual({ amount: 'amountFormat' });
    // Extra decimals are floored on submit, not refused while typing.
    expect(transferProblems(values({ amount: '1.123456789' }), COINS)).toEqual({});
  });

  it('refuse remarks naming a coin or longer than the limit, counting characters', () => {
    expect(transferProblems(values({ remark: 'for my eth' }), COINS)).toEqual({
      remark: 'transferRemarkCoin',
    });
    expect(transferProblems(values({ remark: 'Tether top-up' }), COINS)).toEqual({
      remark: 'transferRemarkCoin',
    });
    expect(transferProblems(values({ remark: 'method' }), COINS)).toEqual({});
    expect(transferProblems(values({ remark: 'r'.repeat(61) }), COINS)).toEqual({ remark: 'remarkTooLong' });
    expect(remarkLength('😀'.repeat(60))).toBe(60);
    expect(transferProblems(values({ remark: '😀'.repeat(60) }), COINS)).toEqual({});
  });

  it('start with the asked coin, else USDT, else the first', () => {
    expect(initialCoin('ETH', COINS)).toBe('ETH');
    expect(initialCoin('FOO', COINS)).toBe('USDT');
    expect(initialCoin(null, [COINS[1]!])).toBe('ETH');
    expect(initialCoin(null, [])).toBe('');
  });
});

describe('bank card form rules', () => {
  const card = { bank: 'Bank', branch: 'Main', cardNumber: '6222 0000 1111 2222', holder: 'Ann Lee' };
  it('follow parseBankCard field by field', () => {
    expect(cardProblems(card)).toEqual({});
    expect(cardProblems({ ...card, bank: ' ' })).toEqual({ bank: 'required' });
    expect(cardProblems({ ...card, cardNumber: '1234' })).toEqual({ cardNumber: 'cardNumberFormat' });
    expect(cardProblems({ ...card, holder: 'x'.repeat(61) })).toEqual({ holder: 'textTooLong' });
  });
});

describe('LABELLED_KINDS (the income filter options)', () => {
  it('names each kind once', () => {
    expect(new Set(LABELLED_KINDS).size).toBe(LABELLED_KINDS.length);
  });
});
