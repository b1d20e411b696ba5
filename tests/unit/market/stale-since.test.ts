import { describe, expect, it } from 'vitest';
import { LIVE_GRACE_MS, staleSince } from '../../../src/pages/market/use-tickers';

describe('staleSince', () => {
  const at = 1_700_000_000_000;

  it('dates the device copy at once, streaming or not', () => {
    expect(staleSince({ source: 'cache', at }, false, at)).toBe(at);
    expect(staleSince({ source: 'cache', at }, true, at + 1)).toBe(at);
  });

  it('leaves fresh live prices undated while the socket connects, and dates them after the grace', () => {
    expect(staleSince({ source: 'live', at }, false, at)).toBeNull();
    expect(staleSince({ source: 'live', at }, false, at + LIVE_GRACE_MS - 1)).toBeNull();
    expect(staleSince({ source: 'live', at }, false, at + LIVE_GRACE_MS)).toBe(at);
  });

  it('never dates streamed prices or nothing at all', () => {
    expect(staleSince({ source: 'live', at }, true, at + 10 * LIVE_GRACE_MS)).toBeNull();
    expect(staleSince({ source: 'none', at: null }, false, at)).toBeNull();
  });
});
