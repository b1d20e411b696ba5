import { describe, expect, it } from 'vitest';
import { ChannelHub, type SocketClient } from '../../../server/http/channels';

const client = (userId: number | null = null, expiresAt = Date.now() + 60_000) => {
  const got: unknown[] = [];
  const c: SocketClient = {
    userId,
    expiresAt: userId === null ? null : expiresAt,
    send: (m) => got.push(JSON.parse(m.text)),
  };
  return { c, got };
};

describe('ChannelHub', () => {
  it('knows only declared channel families (exact, prefix*, RegExp)', () => {
    const hub = new ChannelHub();
    hub.onSubscribe('sys');
    hub.onSubscribe('depth.*');
    hub.onSubscribe(/^kline\.[a-z]+\.1m$/);
    expect(hub.family('sys')).toBeDefined();
    expect(hub.family('depth.btcusdt')).toBeDefined();
    expect(hub.family('kline.btcusdt.1m')).toBeDefined();
    expect(hub.family('kline.btcusdt.5m')).toBeUndefined();
    expect(hub.family('sysx')).toBeUndefined();
  });

  it('publishes to subscribers only and forgets detached clients', () => {
    const hub = new ChannelHub();
    const a = client();
    const b = client();
    hub.add(a.c, 'x');
    hub.add(b.c, 'y');
    hub.publish('x', { n: 1 });
    expect(a.got).toEqual([{ ch: 'x', data: { n: 1 } }]);
    expect(b.got).toEqual([]);
    expect(hub.add(a.c, 'x')).toBe(false);
    hub.detach(a.c);
    expect(hub.hasSubscribers('x')).toBe(false);
    hub.publish('x', 2);
    expect(a.got).toHaveLength(1);
  });

  it('sends private data only to the sockets of that user', () => {
    const hub = new ChannelHub();
    const mine = client(7);
    const theirs = client(8);
    hub.add(mine.c, 'orders');
    hub.add(theirs.c, 'orders');
    hub.publishToUser(7, 'orders', 'secret');
    expect(mine.got).toEqual([{ ch: 'orders', data: 'secret' }]);
    expect(theirs.got).toEqual([]);
  });

  it('sends nothing to a socket whose session has expired, even before its timer ran', () => {
    const hub = new ChannelHub();
    const expired = client(7, Date.now() - 1);
    hub.add(expired.c, 'orders');
    hub.publishToUser(7, 'orders', 'secret');
    expect(expired.got).toEqual([]);
  });

  it('dropPrivate leaves private channels and keeps public ones', () => {
    const hub = new ChannelHub();
    hub.onSubscribe('orders', undefined, { private: true });
    hub.onSubscribe('ticks');
    const a = client(7);
    hub.add(a.c, 'orders');
    hub.add(a.c, 'ticks');
    hub.dropPrivate(a.c);
    expect(hub.hasSubscribers('orders')).toBe(false);
    expect(hub.hasSubscribers('ticks')).toBe(true);
    expect(hub.countOf(a.c)).toBe(1);
  });
});
