import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api';
import { startTestServer, type TestServer } from '../support/server';
import { OPS_TOKEN, opsCall } from '../support/bank';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    operatorToken: OPS_TOKEN,
    simMarket: false,
    liveOrigins: ['https://stream.example.com'],
  });
});
afterAll(() => server?.close());

const current = async () => (await callApi(server.origin, 'zhibo/current')).body.data;
const set = (fields: Record<string, string | number>) =>
  opsCall(server.origin, 'POST', 'zhibo/set', fields, 'dave');

describe('live stream', () => {
  it('is honestly off until an operator sets a stream', async () => {
    expect(await current()).toMatchObject({ live: false, url: null, startsAt: null });
  });

  it('accepts only HLS playlists on this site or an allowed https origin, and a sane schedule', async () => {
    const bad = [
      'https://evil.example.com/live.m3u8',
      'http://stream.example.com/live.m3u8',
      'https://stream.example.com/live.mp4',
      'javascript:alert(1)//.m3u8',
      '//stream.example.com/live.m3u8',
      '/live/a b.m3u8',
    ];
    for (const url of bad) expect((await set({ url, title: 'x' })).body.key, url).toBe('liveUrlFormat');
    expect((await set({ url: '/live/a.m3u8', title: '' })).body.key).toBe('required');
    const now = Date.now();
    expect(
      (await set({ url: '/live/a.m3u8', title: 'x', startsAt: now + 10_000, endsAt: now + 5_000 })).body.key,
    ).toBe('liveSchedule');
    expect((await set({ url: '/live/a.m3u8', title: 'x', endsAt: now - 1 })).body.key).toBe('liveSchedule');
    expect(await current()).toMatchObject({ live: false, url: null });
  });

  it('shows the schedule before it starts, the address while on air, nothing once cleared; journaled', async () => {
    const start = Date.now() + 3_600_000;
    await set({
      url: 'https://stream.example.com/hls/live.m3u8',
      title: 'Weekly AMA',
      startsAt: new Date(start).toISOString(),
    });
    expect(await current()).toMatchObject({ live: false, url: null, title: 'Weekly AMA', startsAt: start });
    await set({
      url: '/live/now.m3u8',
      title: 'Now on',
      startsAt: Date.now() - 1_000,
      endsAt: Date.now() + 60_000,
    });
    expect(await current()).toMatchObject({ live: true, url: '/live/now.m3u8', title: 'Now on' });
    await opsCall(server.origin, 'POST', 'zhibo/clear', {}, 'erin');
    expect(await current()).toMatchObject({ live: false, url: null });
    const actions = (await opsCall(server.origin, 'GET', 'actions')).body.data as {
      action: string;
      operator: string;
    }[];
    expect(
      actions.filter((a) => a.action.startsWith('zhibo.')).map((a) => `${a.action}:${a.operator}`),
    ).toEqual(['zhibo.clear:erin', 'zhibo.set:dave', 'zhibo.set:dave']);
  });

  it('lets the CSP fetch and play media from the allowed origins only', async () => {
    const res = await fetch(`${server.origin}/h5/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/media-src [^;]*https:\/\/stream\.example\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/stream\.example\.com/);
    expect(csp).not.toContain('evil.example.com');
  });
});
