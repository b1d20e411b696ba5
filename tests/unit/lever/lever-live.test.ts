import { describe, expect, it } from 'vitest';
import { leverPnlAt, sum } from '../../../worker/lever/live';
import { ratioToPoints } from '../../../src/pages/lever/lever-format';

describe('worker lever helpers', () => {
  it('adds signed decimal strings exactly', () => {
    expect(sum(['1.5', '-0.25', '0.00000001'])).toBe('1.25000001');
    expect(sum(['-5', '2'])).toBe('-3.00000000');
    expect(sum([])).toBe('0.00000000');
  });

  it('gives the PnL at a typed price, null for text that is not a price', () => {
    const q = { side: 'long' as const, openPrice: '64000.00', hands: 10, lot: '0.001' };
    expect(leverPnlAt({ ...q, price: '70000' })).toBe('60.00000000');
    expect(leverPnlAt({ ...q, side: 'short', price: '70000' })).toBe('-60.00000000');
    expect(leverPnlAt({ ...q, price: '7e4' })).toBeNull();
  });

  it('shows a risk ratio as percentage points without arithmetic', () => {
    expect(ratioToPoints('1.0781')).toBe('107.81');
    expect(ratioToPoints('0.2968')).toBe('29.68');
    expect(ratioToPoints('0.0500')).toBe('5.00');
    expect(ratioToPoints('-0.5000')).toBe('-50.00');
  });
});
