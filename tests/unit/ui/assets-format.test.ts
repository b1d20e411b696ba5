import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JOURNAL_KIND_PATTERN, JOURNAL_KINDS, journalGroupOf, type CoinInfo } from '../../../domain';
import { LANGS } from '../../../domain/locale';
import {
  accountParam,
  amountDirection,
  isZeroAmount,
  kindLabelKey,
  optionalAccount,
} from '../../../src/pages/assets/assets-format';
import { initialCoin, remarkLength, transferProblems } from '../../../src/pages/assets/transfer-rules';
import type { TransferValues } from '../../../src/pages/assets/transfer-rules';
import { cardProblems } from '../../../src/pages/mine/card-rules';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe('journal kinds', () => {
  it('label every kind the server writes (the ledger types its kind with JOURNAL_KINDS)', () => {
    for (const kind of JOURNAL_KINDS) expect(kindLabelKey(kind)).toBe(kind.replace(/\./g, '_'));
    expect(kindLabelKey('legal.ad.freeze')).toBe('legal_ad_freeze');
  });

  it('name each kind once, and are grouped in the filter by area (contract, options and fiat too)', () => {
    expect(new Set(JOURNAL_KINDS).size).toBe(JOURNAL_KINDS.length);
    const groups = new Set(JOURNAL_KINDS.map(journalGroupOf));
    expect([...groups]).toEqual(['funding', 'spot', 'lever', 'second', 'legal', 'other']);
    expect(journalGroupOf('lever.batchClose')).toBe('lever');
    expect(journalGroupOf('withdraw.send')).toBe('funding');
  });

  it('are kinds the journal filter may ask for (upper case in lever.batchClose)', () => {
    for (const kind of JOURNAL_KINDS) expect(JOURNAL_KIND_PATTERN.test(kind), kind).toBe(true);
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
    for (const kind of JOURNAL_KINDS) expect(kinds[kindLabelKey(kind)!], `${lang} ${kind}`).toBeTruthy();
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
    ['30.12345600', 'income'],
    ['-30.12345600', 'expense'],
    ['-0.00000001', 'expense'],
    ['+100.00000000', 'income'],
    ['0.00000000', 'none'],
    ['-0.00', 'none'],
  ])('amountDirection(%j) is %s', (delta, direction) => {
    expect(amountDirection(delta)).toBe(direction);
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
  it('need an amount written in the locale of the reader', () => {
    expect(transferProblems(values({}), COINS, 'en')).toEqual({});
    expect(transferProblems(values({ amount: ' ' }), COINS, 'en')).toEqual({ amount: 'required' });
    expect(transferProblems(values({ amount: '-1' }), COINS, 'en')).toEqual({ amount: 'amountFormat' });
    expect(transferProblems(values({ amount: '1e3' }), COINS, 'en')).toEqual({ amount: 'amountFormat' });
    // "1,5" is one and a half in id, and not a number in en.
    expect(transferProblems(values({ amount: '1,5' }), COINS, 'id')).toEqual({});
    expect(transferProblems(values({ amount: '1,5' }), COINS, 'en')).toEqual({ amount: 'amountFormat' });
  });

  it('refuse more decimals than the coin has, naming the count, instead of cutting them', () => {
    expect(transferProblems(values({ amount: '1.1234567' }), COINS, 'en')).toEqual({
      amount: { key: 'tooManyDecimals', decimals: 6 },
    });
    expect(transferProblems(values({ amount: '1,1234567' }), COINS, 'id')).toEqual({
      amount: { key: 'tooManyDecimals', decimals: 6 },
    });
    expect(transferProblems(values({ amount: '1.123456' }), COINS, 'en')).toEqual({});
    expect(transferProblems(values({ coin: 'ETH', amount: '1.12345678' }), COINS, 'en')).toEqual({});
  });

  it('refuse remarks naming a coin or longer than the limit, counting characters', () => {
    expect(transferProblems(values({ remark: 'for my eth' }), COINS, 'en')).toEqual({
      remark: 'transferRemarkCoin',
    });
    expect(transferProblems(values({ remark: 'Tether top-up' }), COINS, 'en')).toEqual({
      remark: 'transferRemarkCoin',
    });
    expect(transferProblems(values({ remark: 'method' }), COINS, 'en')).toEqual({});
    expect(transferProblems(values({ remark: 'r'.repeat(61) }), COINS, 'en')).toEqual({
      remark: 'remarkTooLong',
    });
    expect(remarkLength('😀'.repeat(60))).toBe(60);
    expect(transferProblems(values({ remark: '😀'.repeat(60) }), COINS, 'en')).toEqual({});
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
