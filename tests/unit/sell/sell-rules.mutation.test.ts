// The quick-sell form's checks (domain/sell-rules.ts) at the edges sell-math.test.ts does not reach:
// typed values with spaces or trailing junk, a quantity with exactly the lot's decimals. Written for
// mutation testing (docs/mutation.md) from reading the code; not yet measured.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SLIPPAGE_PCT,
  MAX_SLIPPAGE_PCT,
  parseSlippage,
  sellQtyProblem,
} from '../../../domain/sell-rules';

describe('quick-sell form checks', () => {
  it('refuses a slippage with anything around the number', () => {
    for (const t of ['1.5x', 'x1.5', '1.5.5', '.5', '5.']) expect(parseSlippage(t)).toBeNull();
    expect(parseSlippage('9.99')).toBe('9.99');
    expect(parseSlippage(DEFAULT_SLIPPAGE_PCT)).toBe('0.5');
    expect(parseSlippage(MAX_SLIPPAGE_PCT)).toBe('10');
  });

  it('reads a quantity with spaces around it, and exactly the lot’s decimals', () => {
    expect(sellQtyProblem(' 0.1 ', '0.00001')).toBeNull();
    expect(sellQtyProblem('   ', '0.00001')).toBe('required');
    expect(sellQtyProblem('0.00001', '0.00001')).toBeNull();
    expect(sellQtyProblem('0.000010', '0.00001')).toBeNull();
    expect(sellQtyProblem('1.5x', '0.00001')).toBe('amountFormat');
    expect(sellQtyProblem('x1.5', '0.00001')).toBe('amountFormat');
    expect(sellQtyProblem('3', '2')).toBe('qtyStep');
    expect(sellQtyProblem('4', '2')).toBeNull();
  });
});
