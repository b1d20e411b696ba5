import { afterEach, describe, expect, it, vi } from 'vitest';
import { CORE_ENDPOINTS, REQUEST_TIMEOUT_MS, type EndpointDef, type Lang } from '../../../domain';
import { ENDPOINTS } from '../../../domain/endpoint-table';
import { createApiClient, type FetchLike } from '../../../worker/api-client';
import { encodeParams } from '../../../worker/encode';
import { fakeFetch, json } from './fakes';

const ORIGIN = 'http://api.test:8080';
const FORM = 'application/x-www-form-urlencoded';

function client(fetch: FetchLike, opts: { token?: string | null; lang?: Lang; origin?: string } = {}) {
  return createApiClient({
    fetch,
    origin: () => opts.origin ?? ORIGIN,
    token: () => (opts.token === undefined ? 'tok-1' : opts.token),
    lang: () => opts.lang ?? 'en',
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('api-client: the exact request of each variant (spec §7)', () => {
  it('variant 1: POST form body, lang header, no token even when signed in', async () => {
    const fetch = fakeFetch([json(200, { type: 'ok', message: { resendAfter: 60 } })]);
    const out = await client(fetch).call('sms/send', { account: 'a+b@c.co', scene: 'register' });
    expect(out).toEqual({ ok: true, data: { resendAfter: 60 } });
    expect(fetch.calls).toHaveLength(1);
    const [{ url, init }] = fetch.calls as [(typeof fetch.calls)[0]];
    expect(url).toBe('http://api.test:8080/api/sms/send');
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ Accept: 'application/json', lang: 'en', 'Content-Type': FORM });
    expect(init.body).toBe('account=a%2Bb%40c.co&scene=register');
  });

  it('variant 2: GET with query string and lang header only', async () => {
    const fetch = fakeFetch([json(200, { code: 200, data: { exists: true }, msg: '' })]);
    const out = await client(fetch, { lang: 'kor' }).call('user/checkAccount', { account: '13800138000' });
    expect(out).toEqual({ ok: true, data: { exists: true } });
    const { url, init } = fetch.calls[0]!;
    expect(url).toBe('http://api.test:8080/api/user/checkAccount?account=13800138000');
    expect(init.method).toBe('GET');
    expect(init.headers).toEqual({ Accept: 'application/json', lang: 'kor' });
    expect(init.body).toBeUndefined();
  });

  it('variant 3: POST form with token and lang headers', async () => {
    const fetch = fakeFetch([json(200, { code: 200, data: { ticket: 't' }, msg: '' })]);
    await client(fetch, { token: 'abc.def', lang: 'zh' }).call('user/modifyPwd', {
      oldPassword: 'Old pass1',
    });
    const { url, init } = fetch.calls[0]!;
    expect(url).toBe('http://api.test:8080/api/user/modifyPwd');
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({
      Accept: 'application/json',
      lang: 'zh',
      token: 'abc.def',
      'Content-Type': FORM,
    });
    expect(init.body).toBe('oldPassword=Old+pass1');
  });

  it('variant 3 without a session sends no token header (the server answers login)', async () => {
    const fetch = fakeFetch([json(200, { code: 500, data: null, msg: 'Please log in' })]);
    const out = await client(fetch, { token: null }).call('user/logout', {});
    expect(out).toEqual({ ok: false, intent: 'login', message: 'Please log in' });
    expect(fetch.calls[0]!.init.headers).toEqual({
      Accept: 'application/json',
      lang: 'en',
      'Content-Type': FORM,
    });
    expect(fetch.calls[0]!.init.body).toBe('');
  });

  it('variant 4: Authorization bearer header and lang', async () => {
    const fetch = fakeFetch([json(200, { type: 'ok', message: { id: 1 } })]);
    await client(fetch, { token: 'T0K' }).call('user/info', {});
    const { url, init } = fetch.calls[0]!;
    expect(url).toBe('http://api.test:8080/api/user/info');
    expect(init.method).toBe('GET');
    expect(init.headers).toEqual({ Accept: 'application/json', lang: 'en', Authorization: 'Bearer T0K' });
  });

  it('variant 5: plain GET; the address lookup has no /api prefix', async () => {
    const fetch = fakeFetch([json(200, { appName: 'X' }), json(200, { lang: 'id', region: 'ID' })]);
    const c = client(fetch);
    expect(await c.call('settings', {})).toEqual({ ok: true, data: { appName: 'X' } });
    expect(await c.call('address/lookup', {})).toEqual({ ok: true, data: { lang: 'id', region: 'ID' } });
    expect(fetch.calls.map((r) => r.url)).toEqual([
      'http://api.test:8080/api/settings',
      'http://api.test:8080/address/lookup',
    ]);
    expect(fetch.calls[0]!.init.headers).toEqual({ Accept: 'application/json' });
  });

  it('trims a trailing slash of the origin', async () => {
    const fetch = fakeFetch([json(200, {})]);
    await client(fetch, { origin: 'https://x.test/' }).call('settings', {});
    expect(fetch.calls[0]!.url).toBe('https://x.test/api/settings');
  });

  it('sends JSON when the endpoint is declared json', async () => {
    const table = CORE_ENDPOINTS as unknown as Record<string, EndpointDef>;
    const saved = table['user/setPwd']!;
    table['user/setPwd'] = { ...saved, json: true };
    try {
      const fetch = fakeFetch([json(200, { code: 200, data: {}, msg: '' })]);
      await client(fetch).call('user/setPwd', { code: '123456', password: 'a1b2c3', confirm: 'a1b2c3' });
      const { init } = fetch.calls[0]!;
      expect(init.headers['Content-Type']).toBe('application/json');
      expect(JSON.parse(init.body!)).toEqual({ code: '123456', password: 'a1b2c3', confirm: 'a1b2c3' });
    } finally {
      table['user/setPwd'] = saved;
    }
  });
});

describe('encodeParams', () => {
  it.each([
    [{ a: 'x y', b: 1, c: true }, 'a=x+y&b=1&c=true'],
    [{ a: undefined, b: null, c: '' }, 'c='],
    [{ ids: [1, 2] }, 'ids=1&ids=2'],
    [{ o: { k: 'v' } }, 'o=%7B%22k%22%3A%22v%22%7D'],
    [{ u: 'ü&=' }, 'u=%C3%BC%26%3D'],
    [{}, ''],
  ])('%j → %s', (params, text) => {
    expect(encodeParams(params).toString()).toBe(text);
  });
});

describe('api-client: never throws; transport problems become intents', () => {
  it(`times out after ${REQUEST_TIMEOUT_MS} ms with messageKey timeout`, async () => {
    vi.useFakeTimers();
    const fetch = fakeFetch(['hang']);
    let settled: unknown;
    const pending = client(fetch)
      .call('settings', {})
      .then((o) => (settled = o));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).toBeUndefined();
    expect(fetch.calls[0]!.init.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(settled).toEqual({ ok: false, intent: 'message', messageKey: 'timeout' });
    expect(fetch.calls[0]!.init.signal.aborted).toBe(true);
  });

  it('a network failure is messageKey offline', async () => {
    const fetch = fakeFetch([{ throws: new TypeError('Failed to fetch') }]);
    expect(await client(fetch).call('user/login', { account: 'a@b.co', password: 'x' })).toEqual({
      ok: false,
      intent: 'message',
      messageKey: 'offline',
    });
  });

  it('a fetch that throws synchronously is offline too', async () => {
    const fetch: FetchLike = () => {
      throw new TypeError('bad');
    };
    expect(await client(fetch).call('settings', {})).toMatchObject({ messageKey: 'offline' });
  });

  it('clears its timer when the reply arrives', async () => {
    vi.useFakeTimers();
    const fetch = fakeFetch([json(200, { a: 1 })]);
    await client(fetch).call('settings', {});
    expect(vi.getTimerCount()).toBe(0);
  });

  it.each([
    ['HTML error page with 500', 3, { status: 500, body: '<h1>Bad gateway</h1>' }, { intent: 'serverFault' }],
    [
      'HTML page with 200',
      1,
      { status: 200, body: '<html></html>' },
      { intent: 'message', messageKey: 'badRequest' },
    ],
    ['empty 404', 2, { status: 404, body: '' }, { intent: 'message', messageKey: 'notFound' }],
    [
      'HTTP 401 in variant 3',
      3,
      { status: 401, body: '' },
      { intent: 'tradePassword', messageKey: 'noTradePassword' },
    ],
  ] as const)('parses safely: %s', async (_name, variant, reply, expected) => {
    const name = variant === 3 ? 'user/checkTradePwd' : variant === 1 ? 'user/login' : 'user/checkAccount';
    const fetch = fakeFetch([reply]);
    const out = await client(fetch).call(name, { tradePassword: 'x', account: 'a', password: 'b' } as never);
    expect(out).toMatchObject({ ok: false, ...expected });
  });
});

describe('api-client: loading listeners (variant 3 only)', () => {
  it('reports busy once for overlapping variant-3 calls and idle when the last ends', async () => {
    const resolvers: Array<() => void> = [];
    const fetch: FetchLike = () =>
      new Promise((resolve) => {
        resolvers.push(() => resolve({ status: 200, text: async () => '{"code":200,"data":{},"msg":""}' }));
      });
    const c = client(fetch);
    const events: boolean[] = [];
    c.onLoading((busy) => events.push(busy));
    const a = c.call('user/logout', {});
    const b = c.call('user/modifyPwd', { oldPassword: 'x' });
    expect(events).toEqual([true]);
    expect(c.inFlight()).toBe(2);
    resolvers[0]!();
    await a;
    expect(events).toEqual([true]);
    resolvers[1]!();
    await b;
    expect(events).toEqual([true, false]);
    expect(c.inFlight()).toBe(0);
  });

  it('does not report for variants 1, 2, 4 and 5', async () => {
    const fetch = fakeFetch(() => json(200, { type: 'ok', code: 200, message: {}, data: {} }));
    const c = client(fetch);
    const events: boolean[] = [];
    c.onLoading((busy) => events.push(busy));
    await c.call('user/login', { account: 'a', password: 'b' });
    await c.call('user/checkAccount', { account: 'a' });
    await c.call('user/info', {});
    await c.call('settings', {});
    expect(events).toEqual([]);
  });

  it('reports idle after a failed call and survives a throwing listener; removal works', async () => {
    const fetch = fakeFetch([
      { throws: new TypeError('offline') },
      json(200, { code: 200, data: {}, msg: '' }),
    ]);
    const c = client(fetch);
    const events: boolean[] = [];
    c.onLoading(() => {
      throw new Error('listener bug');
    });
    const off = c.onLoading((busy) => events.push(busy));
    expect(await c.call('user/logout', {})).toMatchObject({ messageKey: 'offline' });
    expect(events).toEqual([true, false]);
    off();
    await c.call('user/logout', {});
    expect(events).toEqual([true, false]);
  });
});

describe('endpoint definitions in the worker', () => {
  it('resolve every endpoint of the table exactly as the table says, core and area ones alike', async () => {
    const { endpointDef } = await import('../../../worker/endpoint-defs');
    const table = ENDPOINTS as unknown as Record<string, EndpointDef>;
    for (const name of Object.keys(table)) {
      expect(await endpointDef(name as never), name).toEqual(table[name]);
    }
    await expect(endpointDef('no/such' as never)).rejects.toThrow(RangeError);
  });
});
