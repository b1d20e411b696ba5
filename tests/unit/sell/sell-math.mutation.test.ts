// The quick-sell walk's edges (domain/sell-math.ts) that sell-math.test.ts does not reach: what is
// refused and with which message, bids left untouched once the quantity is filled, empty bids
// skipped. Written for mutation testing (docs/mutation.md) from reading the code; not yet measured.
import { describe, expect, it } from 'vitest';
import { quoteSell } from '../../../domain/sell-math';

describe('quoteSell edges', () => {
  it('refuses a quantity that is not a plain positive decimal, saying so', () => {
    for (const qty of ['1e3', ' 1', '-1', '0', '0.000'])
      expect(() => quoteSell(qty, [{ price: '10', qty: '5' }], '0.001')).toThrow(
        new RangeError(`qty must be positive, got ${qty}`),
      );
  });

  it('refuses a malformed bid it reaches, by price or by quantity', () => {
    expect(() => quoteSell('1', [{ price: '10', qty: '1e3' }], '0.001')).toThrow(
      new RangeError('malformed bid'),
    );
    expect(() => quoteSell('1', [{ price: '-10', qty: '1' }], '0.001')).toThrow(
      new RangeError('malformed bid'),
    );
  });

  it('stops at the bid that fills the quantity: bids beyond it are not read', () => {
    const q = quoteSell(
      '1',
      [
        { price: '10', qty: '1' },
        { price: 'not a price', qty: '1' },
      ],
      '0.001',
    );
    expect(q).toMatchObject({
      complete: true,
      filledQty: '1',
      worstPrice: '10',
      fills: [{ price: '10', qty: '1' }],
    });
  });

  it('skips an empty bid: it is neither a fill nor the worst price', () => {
    const q = quoteSell(
      '2',
      [
        { price: '10', qty: '1' },
        { price: '9', qty: '0' },
      ],
      '0',
    );
    expect(q).toEqual({
      qty: '2',
      filledQty: '1',
      complete: false,
      gross: '10.00000000',
      fee: '0.00000000',
      received: '10.00000000',
      avgPrice: '10.00000000',
      worstPrice: '10',
      fills: [{ price: '10', qty: '1' }],
    });
  });
});
