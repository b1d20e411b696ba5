import { describe, expect, it } from 'vitest';
import { DEFAULT_CATALOG } from '../../../server/market/catalog/defaults';
import {
  fundingChains,
  fundingCoins,
  fundingOf,
  pickCoinChain,
} from '../../../src/pages/assets/funding/funding-catalog';
import {
  confirmationProgress,
  idParam,
  middleEllipsis,
} from '../../../src/pages/assets/funding/funding-format';
import { bankDepositProblems, withdrawProblem } from '../../../src/pages/assets/funding/funding-rules';

const funding = fundingOf(DEFAULT_CATALOG);
const TRON = 'TXk8rQSAvPvBBNtqSoY6nCfsXWCSSpTVQF';

describe('funding catalog view', () => {
  it('treats a catalog cached by an older version (no funding fields) as nothing open', () => {
    const old = fundingOf({ coins: DEFAULT_CATALOG.coins, pairs: [], quotes: [] });
    expect(old.bankDeposit).toBeNull();
    expect(old.withdrawPassword).toBe('always');
    expect(fundingCoins(old, 'deposit')).toEqual([]);
    expect(pickCoinChain(old, 'withdraw', { coin: 'USDT' })).toBeNull();
  });

  it('lists the chains open per direction, in catalog order', () => {
    expect(fundingChains(funding, 'USDT', 'deposit').map((c) => c.id)).toEqual(['TRC20', 'ERC20', 'BEP20']);
    const closed = fundingOf({
      ...DEFAULT_CATALOG,
      coinChains: DEFAULT_CATALOG.coinChains.map((t) =>
        t.coin === 'USDT' && t.chain === 'ERC20' ? { ...t, withdrawEnabled: false } : t,
      ),
    });
    expect(fundingChains(closed, 'USDT', 'withdraw').map((c) => c.id)).toEqual(['TRC20', 'BEP20']);
    expect(fundingChains(closed, 'USDT', 'deposit').map((c) => c.id)).toEqual(['TRC20', 'ERC20', 'BEP20']);
  });

  it('offers no withdrawal of a coin without a daily limit', () => {
    const { BTC: _btc, ...limits } = DEFAULT_CATALOG.withdrawLimits;
    const f = fundingOf({ ...DEFAULT_CATALOG, withdrawLimits: limits });
    expect(fundingCoins(f, 'withdraw').map((c) => c.symbol)).not.toContain('BTC');
    expect(fundingCoins(f, 'deposit').map((c) => c.symbol)).toContain('BTC');
  });

  it('picks the wanted coin and chain, else the first open ones', () => {
    const pick = (coin?: string | null, chain?: string | null) => {
      const c = pickCoinChain(funding, 'deposit', { coin, chain });
      return c && `${c.coin.symbol}/${c.chain.id}/${c.terms.withdrawFee}`;
    };
    expect(pick('USDT', 'ERC20')).toBe('USDT/ERC20/5');
    expect(pick('usdt', 'bep20')).toBe('USDT/BEP20/0.5');
    expect(pick('USDT', 'BTC')).toBe('USDT/TRC20/1');
    expect(pick('BTC')).toBe('BTC/BTC/0.0002');
    expect(pick('NOPE', 'TRC20')).toBe('USDT/TRC20/1');
    expect(pick(null, null)).toBe('USDT/TRC20/1');
  });
});

describe('confirmation progress', () => {
  it('counts toward the withdrawable confirmations with the credit mark', () => {
    expect(confirmationProgress(0, 1, 6)).toMatchObject({
      shown: 0,
      target: 6,
      percent: 0,
      stage: 'pending',
    });
    expect(confirmationProgress(1, 1, 6)).toMatchObject({
      shown: 1,
      percent: 17,
      creditAt: 17,
      stage: 'credited',
    });
    expect(confirmationProgress(3, 1, 6)).toMatchObject({ shown: 3, percent: 50, stage: 'credited' });
    expect(confirmationProgress(6, 1, 6)).toMatchObject({ shown: 6, percent: 100, stage: 'final' });
  });

  it('stops full when the chain reports more, and never goes below zero', () => {
    expect(confirmationProgress(40, 1, 6)).toMatchObject({ shown: 6, percent: 100, stage: 'final' });
    expect(confirmationProgress(-2, 1, 6)).toMatchObject({ shown: 0, percent: 0, stage: 'pending' });
    expect(confirmationProgress(2.7, 1, 6).shown).toBe(2);
  });
});

describe('funding text helpers', () => {
  it('shortens long hashes in the middle only', () => {
    expect(middleEllipsis('abc')).toBe('abc');
    expect(middleEllipsis('0123456789abcdefghij')).toBe('01234567…efghij');
  });

  it('reads positive integer ids only', () => {
    expect(idParam('12')).toBe(12);
    for (const bad of [null, '', '0', '-1', '1.5', 'x1', '1e3', '9'.repeat(20)])
      expect(idParam(bad)).toBeNull();
  });
});

describe('bank deposit form rules', () => {
  const terms = { minAmount: '10', maxAmount: '50000' };
  const ok = { amount: '120,50', payerName: 'Budi  santoso', reference: 'REF-1', proofId: 'p1' };

  it('passes a complete form from the bound holder (case and spaces ignored)', () => {
    expect(bankDepositProblems(ok, terms, 'Budi Santoso', 'id')).toEqual({});
    expect(bankDepositProblems({ ...ok, amount: '120.50' }, terms, 'Budi Santoso', 'en')).toEqual({});
  });

  it('names each problem by its field', () => {
    const p = (v: Partial<typeof ok>, holder: string | null = 'Budi Santoso') =>
      bankDepositProblems({ ...ok, ...v }, terms, holder, 'id');
    expect(p({ amount: '' }).amount).toBe('required');
    // In id, the default language: "1,234" has three decimals, "1.234" is a thousand and more.
    expect(p({ amount: '1,234' }).amount).toEqual({ key: 'tooManyDecimals', decimals: 2 });
    expect(p({ amount: '1.234' }).amount).toBeUndefined();
    expect(p({ amount: '12.5' }).amount).toBeUndefined();
    expect(p({ amount: '-5' }).amount).toBe('amountFormat');
    expect(p({ amount: '0.00' }).amount).toBe('amountPositive');
    expect(p({ amount: '9,99' }).amount).toBe('amountBelowMin');
    expect(p({ amount: '50.000,01' }).amount).toBe('amountAboveMax');
    expect(p({ amount: '50000,00' }).amount).toBeUndefined();
    expect(p({ payerName: ' ' }).payerName).toBe('required');
    expect(p({ payerName: 'x'.repeat(61) }).payerName).toBe('textTooLong');
    expect(p({ payerName: 'Someone Else' }).payerName).toBe('boundMismatch');
    expect(p({ payerName: 'Someone Else' }, null).payerName).toBeUndefined();
    expect(p({ reference: '' }).reference).toBe('required');
    expect(p({ reference: 'r'.repeat(65) }).reference).toBe('textTooLong');
    expect(p({ proofId: '' }).proofId).toBe('uploadRequired');
  });
});

describe('withdrawal form rules (parseWithdraw)', () => {
  const target = { coin: 'USDT', chain: 'TRC20', address: TRON };
  const check = (amount: string, t = target, locale = 'id') => withdrawProblem(amount, t, funding, locale);

  it('accepts an amount at or above the minimum with at most the coin decimals', () => {
    expect(check('10')).toBeNull();
    expect(check('12,345678')).toBeNull();
    expect(check('12.345678', target, 'en')).toBeNull();
  });

  it('reads "1,000" as the locale writes it, never as below the minimum in en', () => {
    // A thousand in en; one in id (below the minimum of 10, which is then the right answer).
    expect(check('1,000', target, 'en')).toBeNull();
    expect(check('1,000', target, 'id')).toEqual({ field: 'amount', key: 'withdrawBelowMin' });
    expect(check('1.000', target, 'id')).toBeNull();
  });

  it('puts amount problems on the amount and address problems on the address', () => {
    expect(check('')).toEqual({ field: 'amount', key: 'required' });
    expect(check('1,1234567')).toEqual({
      field: 'amount',
      key: { key: 'tooManyDecimals', decimals: 6 },
    });
    expect(check('12.3.4')).toEqual({ field: 'amount', key: 'amountFormat' });
    expect(check('0')).toEqual({ field: 'amount', key: 'amountPositive' });
    expect(check('9,99')).toEqual({ field: 'amount', key: 'withdrawBelowMin' });
    expect(check('50', { ...target, address: null as unknown as string })).toEqual({
      field: 'address',
      key: 'withdrawAddressRequired',
    });
    expect(check('50', { ...target, address: '0x12' })).toEqual({ field: 'address', key: 'addressFormat' });
    expect(check('50', { ...target, chain: 'BTC' })).toEqual({ field: 'address', key: 'unknownChain' });
  });
});
