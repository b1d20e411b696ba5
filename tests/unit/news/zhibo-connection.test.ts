import { describe, expect, it } from 'vitest';
import { meteredConnection } from '../../../src/pages/zhibo/connection';

describe('metered connection (no autoplay)', () => {
  it.each([
    [{ saveData: true }, true],
    [{ type: 'cellular' }, true],
    [{ metered: true }, true],
    [{ effectiveType: '2g' }, true],
    [{ effectiveType: 'slow-2g' }, true],
    [{ type: 'wifi', effectiveType: '4g' }, false],
    [{ effectiveType: '4g', saveData: false }, false],
    [undefined, false],
  ])('%j → %s', (connection, metered) => {
    expect(meteredConnection(connection)).toBe(metered);
  });
});
