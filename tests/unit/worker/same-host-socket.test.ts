import { beforeEach, describe, expect, it } from 'vitest';
import { openSameHostSocket, sameHostUrl } from '../../../worker/same-host-socket';
import { FakeWebSocket } from './fakes';

beforeEach(() => FakeWebSocket.reset());

describe('same-host socket helper (spec §7)', () => {
  it('is disabled by default', () => {
    const out = openSameHostSocket({
      location: { protocol: 'https:', hostname: 'x.test', port: '' },
      WebSocket: FakeWebSocket,
      messages: [{ a: 1 }],
      onData: () => undefined,
    });
    expect(out).toBeNull();
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it.each([
    [{ protocol: 'https:', hostname: 'x.test', port: '' }, 'wss://x.test'],
    [{ protocol: 'https:', hostname: 'x.test', port: '443' }, 'wss://x.test'],
    [{ protocol: 'http:', hostname: 'x.test', port: '80' }, 'ws://x.test'],
    [{ protocol: 'http:', hostname: 'localhost', port: '5173' }, 'ws://localhost:5173'],
  ])('uses the page host and scheme with no path: %j → %s', (location, url) => {
    expect(sameHostUrl(location)).toBe(url);
  });

  it('sends each message as JSON text on open and passes received data on', () => {
    const got: unknown[] = [];
    const handle = openSameHostSocket({
      enabled: true,
      location: { protocol: 'http:', hostname: 'localhost', port: '8080' },
      WebSocket: FakeWebSocket,
      messages: [{ op: 'hello' }, 'text', 3],
      onData: (d) => got.push(d),
    });
    const ws = FakeWebSocket.last();
    expect(handle?.url).toBe('ws://localhost:8080');
    expect(ws.url).toBe('ws://localhost:8080');
    expect(ws.sent).toEqual([]);
    ws.open();
    expect(ws.sent).toEqual(['{"op":"hello"}', '"text"', '3']);
    ws.receive({ x: 1 });
    ws.receive('plain text');
    expect(got).toEqual([{ x: 1 }, 'plain text']);
    handle?.close();
    expect(ws.closeCalls).toBe(1);
  });
});
