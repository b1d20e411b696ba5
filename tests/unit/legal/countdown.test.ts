import { describe, expect, it } from 'vitest';
import { clockText } from '../../../src/pages/legal/legal-format';
import { leftUntil } from '../../../src/pages/legal/use-countdown-to';

const WINDOW = 600_000;

describe('the pay countdown', () => {
  it('never shows more than the pay window, though the reply that measured the skew took time', () => {
    const created = 1_000_000;
    const deadline = created + WINDOW;
    // The page's clock was read at its mount (10 ms after the order was made), the order's reply
    // stamped at 40 ms and received at 70 ms: until the next tick the count runs from the mount.
    const skew = created + 40 - (created + 70);
    expect(clockText(leftUntil(deadline, created + 10, skew, WINDOW))).toBe('10:00');
    expect(clockText(leftUntil(deadline, created + 10, skew, Infinity))).toBe('10:01');
  });
  it('counts the server clock on a device whose clock is wrong, down to zero', () => {
    const deadline = 2_000_000;
    // The device runs 5 minutes behind the server.
    expect(leftUntil(deadline, deadline - 300_000 - 60_000, 300_000, WINDOW)).toBe(60_000);
    expect(leftUntil(deadline, deadline, 300_000, WINDOW)).toBe(0);
  });
});
