import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_TYPES,
  isTransferAllowed,
  parseTransfer,
  TRANSFER_PAIRS,
  transferTargets,
  type CoinInfo,
  type TransferReq,
} from '../../../domain';

const COINS: CoinInfo[] = [
  { symbol: 'USDT', name: 'Tether USD', decimals: 6 },
  { symbol: 'BTC', name: 'Bitcoin', decimals: 8 },
  { symbol: 'TRX', name: 'TRON', decimals: 0 },
];
const ok: TransferReq = { from: 'spot', to: 'lever', coin: 'USDT', amount: '12.5', remark: '' };

describe('the transfer matrix', () => {
  it('is a star around spot, symmetric, without self-pairs', () => {
    for (const [from, to] of TRANSFER_PAIRS) {
      expect(from).not.toBe(to);
      expect(from === 'spot' || to === 'spot').toBe(true);
      expect(isTransferAllowed(to, from)).toBe(true);
    }
    expect(transferTargets('spot')).toEqual(['lever', 'legal', 'second', 'finance']);
    for (const a of ACCOUNT_TYPES) if (a !== 'spot') expect(transferTargets(a)).toEqual(['spot']);
    expect(isTransferAllowed('lever', 'legal')).toBe(false);
  });
});

describe('parseTransfer', () => {
  it('accepts a good request and converts the amount to ledger units exactly', () => {
    const r = parseTransfer({ ...ok, remark: '  rent  ' }, COINS);
    expect(r).toEqual({
      ok: { from: 'spot', to: 'lever', coin: COINS[0], units: 1_250_000_000n, remark: 'rent' },
    });
    expect(parseTransfer({ ...ok, coin: 'BTC', amount: '0.00000001' }, COINS)).toMatchObject({
      ok: { units: 1n },
    });
  });

  it.each<[Partial<TransferReq>, keyof TransferReq, string]>([
    [{ from: '' }, 'from', 'required'],
    [{ from: 'wallet' }, 'from', 'unknownAccount'],
    [{ to: undefined }, 'to', 'required'],
    [{ to: 'SPOT' }, 'to', 'unknownAccount'],
    [{ to: 'spot' }, 'to', 'transferSameAccount'],
    [{ from: 'lever', to: 'legal' }, 'to', 'transferPairNotAllowed'],
    [{ coin: '' }, 'coin', 'required'],
    [{ coin: 'usdt' }, 'coin', 'unknownCoin'],
    [{ coin: 'FOO' }, 'coin', 'unknownCoin'],
    [{ amount: '' }, 'amount', 'required'],
    [{ amount: '-1' }, 'amount', 'amountFormat'],
    [{ amount: '1e3' }, 'amount', 'amountFormat'],
    [{ amount: '.5' }, 'amount', 'amountFormat'],
    [{ amount: '1,5' }, 'amount', 'amountFormat'],
    [{ amount: '0x10' }, 'amount', 'amountFormat'],
    [{ amount: '1.1234567' }, 'amount', 'amountFormat'],
    [{ coin: 'TRX', amount: '1.0' }, 'amount', 'amountFormat'],
    [{ amount: '0' }, 'amount', 'amountPositive'],
    [{ amount: '0.000000' }, 'amount', 'amountPositive'],
    [{ amount: '99999999999' }, 'amount', 'amountFormat'],
    [{ remark: 'x'.repeat(61) }, 'remark', 'remarkTooLong'],
    [{ remark: 'buy btc later' }, 'remark', 'transferRemarkCoin'],
    [{ remark: 'my BITCOIN savings' }, 'remark', 'transferRemarkCoin'],
    [{ remark: 'for Tether USD' }, 'remark', 'transferRemarkCoin'],
  ])('%j → %s %s', (patch, field, key) => {
    expect(parseTransfer({ ...ok, ...patch }, COINS)).toEqual({ problem: { field, key } });
  });

  it('counts the remark limit in characters, not bytes', () => {
    expect(parseTransfer({ ...ok, remark: '房'.repeat(60) }, COINS)).toHaveProperty('ok');
  });
});
