import { describe, expect, it } from 'vitest';
import {
  CODE_LENGTH,
  EMAIL_PATTERN,
  MOBILE_PATTERN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PROMO_PATTERN,
  accountKindOf,
  accountProblem,
  boundMismatchProblem,
  codeProblem,
  compareDecimalStrings,
  confirmProblem,
  handsProblem,
  isEmail,
  isMobile,
  passwordProblem,
  registerProblems,
  storeLimitsProblem,
  transferRemarkProblem,
  type RegisterInput,
} from '../../../domain';

describe('mobile number: 1 followed by 10 digits (spec §5)', () => {
  it.each([
    ['13800138000', true],
    ['19999999999', true],
    ['10000000000', true],
    ['1380013800', false], // 10 digits
    ['138001380001', false], // 12 digits
    ['23800138000', false], // does not start with 1
    ['1380013800a', false],
    ['+8613800138000', false],
    ['', false],
  ])('%s → %s', (value, ok) => {
    expect(isMobile(value)).toBe(ok);
    expect(MOBILE_PATTERN.test(value)).toBe(ok);
    expect(accountProblem('mobile', value)).toBe(ok ? null : value.trim() ? 'mobileFormat' : 'required');
  });
});

describe('e-mail: local part, @, domain, dot, 2 to 4 letters (spec §5)', () => {
  it.each([
    ['a@b.co', true],
    ['user.name+tag@example.com', true],
    ['x_y%z-1@mail.example.info', true],
    ['a@b.c', false], // 1-letter TLD
    ['a@b.abcde', false], // 5-letter TLD
    ['a@b.c0m', false], // digits in TLD
    ['a@b', false], // no dot
    ['@b.com', false], // empty local part
    ['a@.com', false],
    ['a b@c.com', false],
    ['ab.com', false],
    ['a@@b.com', false],
  ])('%s → %s', (value, ok) => {
    expect(isEmail(value)).toBe(ok);
    expect(EMAIL_PATTERN.test(value)).toBe(ok);
    expect(accountProblem('email', value)).toBe(ok ? null : 'emailFormat');
  });

  it('requires an account of either kind', () => {
    expect(accountProblem('email', '   ')).toBe('required');
    expect(accountProblem('mobile', '')).toBe('required');
  });

  it('trims the account before checking', () => {
    expect(accountProblem('email', '  a@b.co ')).toBeNull();
    expect(accountProblem('mobile', ' 13800138000 ')).toBeNull();
  });

  it.each([
    ['13800138000', 'mobile'],
    ['a@b.co', 'email'],
    ['hello', null],
    ['1380013800', null],
  ])('accountKindOf(%s) → %s', (value, kind) => {
    expect(accountKindOf(value)).toBe(kind);
  });
});

describe('verification code: required and well-formed (spec §5)', () => {
  it.each([
    ['', 'codeRequired'],
    ['   ', 'codeRequired'],
    ['12345', 'codeFormat'],
    ['1234567', 'codeFormat'],
    ['12a456', 'codeFormat'],
    ['123456', null],
    [' 123456 ', null],
  ])('%j → %s', (code, problem) => {
    expect(codeProblem(code)).toBe(problem);
  });

  it('uses CODE_LENGTH digits', () => {
    expect(codeProblem('9'.repeat(CODE_LENGTH))).toBeNull();
  });
});

describe('password: 6 to 16 characters, not too simple (spec §5, §9)', () => {
  it('has the spec bounds', () => {
    expect([PASSWORD_MIN, PASSWORD_MAX]).toEqual([6, 16]);
  });

  it.each([
    ['', 'passwordLength'],
    ['ab1cd', 'passwordLength'], // 5
    ['ab1cd2', null], // 6
    ['abcd1234efgh5678', null], // 16
    ['abcd1234efgh56789', 'passwordLength'], // 17
    ['aaaaaaaa', 'passwordTooSimple'], // one repeated character
    ['111111', 'passwordTooSimple'],
    ['123456', 'passwordTooSimple'], // straight run
    ['654321', 'passwordTooSimple'], // descending run
    ['abcdefg', 'passwordTooSimple'],
    ['GFEDCBA', 'passwordTooSimple'],
    ['password', 'passwordTooSimple'], // well-known
    ['Password', 'passwordTooSimple'], // well-known, any case
    ['qwerty', 'passwordTooSimple'],
    ['a123456', 'passwordTooSimple'],
    ['1q2w3e4r', 'passwordTooSimple'],
    ['84736251', 'passwordTooSimple'], // digits only
    ['kfjdhsye', 'passwordTooSimple'], // letters only
    ['Secr3tPass', null],
    ['p@ss-word', null], // letters and symbols
    ['9%4&1!', null], // digits and symbols
  ])('%j → %s', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });
});

describe('password confirmation must match (spec §5)', () => {
  it.each([
    ['Secr3tPass', 'Secr3tPass', null],
    ['Secr3tPass', 'secr3tpass', 'passwordsInconsistent'],
    ['Secr3tPass', '', 'passwordsInconsistent'],
    ['Secr3tPass', 'Secr3tPass ', 'passwordsInconsistent'],
  ])('%j vs %j → %s', (password, confirm, problem) => {
    expect(confirmProblem(password, confirm)).toBe(problem);
  });
});

describe('registration: every field, agreement and promotion code (spec §5)', () => {
  const valid: RegisterInput = {
    kind: 'email',
    account: 'a@b.co',
    code: '123456',
    password: 'Secr3tPass',
    confirm: 'Secr3tPass',
    agree: true,
  };

  it('accepts a valid input with or without a promotion code', () => {
    expect(registerProblems(valid)).toEqual({});
    expect(registerProblems({ ...valid, promo: 'AB12CD' })).toEqual({});
    expect(registerProblems({ ...valid, promo: '' })).toEqual({});
  });

  it.each<[string, Partial<RegisterInput>, Record<string, string>]>([
    ['agreement not accepted', { agree: false }, { agree: 'agreementRequired' }],
    ['bad e-mail', { account: 'a@b' }, { account: 'emailFormat' }],
    ['bad mobile', { kind: 'mobile', account: '2380013800' }, { account: 'mobileFormat' }],
    ['missing code', { code: '' }, { code: 'codeRequired' }],
    ['short password', { password: 'a1', confirm: 'a1' }, { password: 'passwordLength' }],
    ['simple password', { password: '123456', confirm: '123456' }, { password: 'passwordTooSimple' }],
    ['mismatched confirmation', { confirm: 'Secr3tPasz' }, { confirm: 'passwordsInconsistent' }],
    ['promo too short', { promo: 'ab1' }, { promo: 'promoCodeUnknown' }],
    ['promo too long', { promo: 'A'.repeat(13) }, { promo: 'promoCodeUnknown' }],
    ['promo with symbols', { promo: 'AB-12' }, { promo: 'promoCodeUnknown' }],
    [
      'everything wrong',
      { account: '', code: 'x', password: 'aaaaaa', confirm: 'b', agree: false, promo: '!' },
      {
        account: 'required',
        code: 'codeFormat',
        password: 'passwordTooSimple',
        confirm: 'passwordsInconsistent',
        agree: 'agreementRequired',
        promo: 'promoCodeUnknown',
      },
    ],
  ])('%s', (_name, patch, problems) => {
    expect(registerProblems({ ...valid, ...patch })).toEqual(problems);
  });

  it.each([
    ['ABCD', true],
    ['abc123XYZ789', true],
    ['abc', false],
    ['abc123XYZ7890', false],
  ])('PROMO_PATTERN %s → %s', (promo, ok) => {
    expect(PROMO_PATTERN.test(promo)).toBe(ok);
  });
});

describe('store limits: maximum must not be below minimum (spec §5)', () => {
  it.each([
    ['100', '1000', null],
    ['100', '100', null],
    ['100.5', '100.50', null],
    ['1000', '999.99', 'storeMaxBelowMin'],
    ['0.02', '0.019', 'storeMaxBelowMin'],
    ['99999999999999999999.1', '99999999999999999999.09', 'storeMaxBelowMin'],
    ['abc', '10', 'amountFormat'],
    ['10', '', 'amountFormat'],
    ['-1', '10', 'amountFormat'],
    ['1e3', '10', 'amountFormat'],
  ])('min %s max %s → %s', (min, max, problem) => {
    expect(storeLimitsProblem(min, max)).toBe(problem);
  });
});

describe('transfer remarks must not contain coin names (spec §5)', () => {
  const coins = ['BTC', 'USDT', 'eth'];
  it.each([
    ['rent for May', null],
    ['send btc please', 'transferRemarkCoin'],
    ['USDT', 'transferRemarkCoin'],
    ['payment ETH2', 'transferRemarkCoin'],
    ['转账BTC', 'transferRemarkCoin'],
    ['together for the solution', null],
    ['usdt.', 'transferRemarkCoin'],
    ['', null],
  ])('%j → %s', (remark, problem) => {
    expect(transferRemarkProblem(remark, coins)).toBe(problem);
  });

  it('ignores empty coin names', () => {
    expect(transferRemarkProblem('anything', ['', 'BTC'])).toBeNull();
  });
});

describe('hands within bounds (spec §5)', () => {
  it.each([
    ['1', 1, 100, null],
    ['100', 1, 100, null],
    ['50', 1, 100, null],
    ['0', 1, 100, 'handsOutOfBounds'],
    ['101', 1, 100, 'handsOutOfBounds'],
    ['1.5', 1, 100, 'amountFormat'],
    ['', 1, 100, 'amountFormat'],
    ['-1', 1, 100, 'amountFormat'],
  ])('%j in [%i, %i] → %s', (hands, min, max, problem) => {
    expect(handsProblem(hands, min, max)).toBe(problem);
  });
});

describe('bank card or address must match the bound one (spec §5)', () => {
  it.each([
    ['6222 0000 1111', '622200001111', null],
    ['TXyzABC', 'txyzabc', null],
    ['TXyzABC', 'TXyzABD', 'boundMismatch'],
    ['anything', null, 'withdrawAddressRequired'],
    ['anything', undefined, 'withdrawAddressRequired'],
    ['anything', '', 'withdrawAddressRequired'],
  ])('%j vs %j → %s', (used, bound, problem) => {
    expect(boundMismatchProblem(used, bound)).toBe(problem);
  });
});

describe('compareDecimalStrings: exact comparison of non-negative decimals', () => {
  it.each([
    ['1', '1', 0],
    ['1.0', '1', 0],
    ['001.50', '1.5', 0],
    ['0', '0.0', 0],
    ['.5', '0.5', 0],
    ['2', '10', -1],
    ['10', '9.999', 1],
    ['0.1', '0.09', 1],
    ['0.09', '0.1', -1],
    ['12345678901234567890.000001', '12345678901234567890', 1],
  ])('%s vs %s → %i', (a, b, expected) => {
    expect(compareDecimalStrings(a, b)).toBe(expected);
    expect(compareDecimalStrings(b, a)).toBe(-expected || 0);
  });
});
