import { describe, expect, it } from 'vitest';
import { REPLY_TRUST_MS, createReachability, type Reachability } from '../../../worker/reachability';

describe('reachability: what the banner believes', () => {
  it('starts online and follows request replies and network failures', () => {
    const r = createReachability(() => 0);
    const seen: Reachability[] = [];
    r.onChange((s) => seen.push(s));
    r.request(false);
    r.request(false);
    r.request(true);
    expect(seen).toEqual(['online', 'offline', 'online']);
  });

  it('a failed socket means offline unless a reply came lately (HTTP passes, sockets blocked)', () => {
    let now = 1_000_000;
    const r = createReachability(() => now);
    r.request(true);
    r.socket(false);
    expect(r.state()).toBe('online');
    now += REPLY_TRUST_MS + 1;
    r.socket(false);
    expect(r.state()).toBe('offline');
    r.socket(true);
    expect(r.state()).toBe('online');
  });

  it('a socket failure with no reply ever (offline reload) is offline at once', () => {
    const r = createReachability(() => 5);
    r.socket(false);
    expect(r.state()).toBe('offline');
  });
});
