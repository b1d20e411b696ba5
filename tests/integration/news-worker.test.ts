// Article caching in the worker core (fake-indexeddb) against the real server: the list and every
// article read once answer from the device when the server is gone, with the time they were stored.
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createCore, type Core } from '../../worker/core';
import { startTestServer, type TestServer } from '../support/server';
import { OPS_TOKEN, opsCall, PNG } from '../support/bank';

let server: TestServer;
const cores: Core[] = [];
beforeAll(async () => {
  server = await startTestServer({ operatorToken: OPS_TOKEN, simMarket: false });
});
afterAll(async () => {
  for (const c of cores) await c.dispose();
  await server?.close();
});

function core(dbName: string): Core {
  const c = createCore({
    fetch: (u, i) => fetch(u, i),
    WebSocket,
    indexedDB,
    IDBKeyRange,
    dbName,
    requestTimeoutMs: 2_000,
  });
  cores.push(c);
  return c;
}

describe('news cache in the worker', () => {
  it('opens the list and a read article offline, dated; forgets withdrawn ones on the next list', async () => {
    const pub = (f: Record<string, string>) => opsCall(server.origin, 'POST', 'news/publish', f);
    const a = (await pub({ lang: 'id', title: 'Berita satu', body: 'Isi **satu**' })).body.data;
    const b = (
      await pub({
        lang: 'id',
        title: 'Pengumuman',
        body: 'Isi dua',
        pinned: 'true',
        coverMime: 'image/png',
        coverData: PNG,
      })
    ).body.data;
    const dbName = `news-worker-${process.pid}`;
    const online = core(dbName);
    await online.init({ origin: server.origin, socketPath: '/ws' });
    expect(await online.cachedNews({})).toEqual({ items: [], cachedAt: null });

    const before = Date.now();
    const list = await online.call('news/list', { lang: 'id' });
    expect(list.ok && list.data.map((x) => x.id)).toEqual([b.id, a.id]);
    const read = await online.call('news/detail', { id: a.id });
    expect(read.ok).toBe(true);
    expect(await online.newsCover(b.coverId)).toBe(`data:image/png;base64,${PNG}`);
    await online.dispose();

    // Same device, the server unreachable: the cache answers.
    const offline = core(dbName);
    await offline.init({ origin: 'http://127.0.0.1:9', socketPath: '/ws' });
    const cached = await offline.cachedNews({});
    expect(cached.items.map((x) => x.title)).toEqual(['Pengumuman', 'Berita satu']);
    expect(cached.cachedAt).toBeGreaterThanOrEqual(before);
    expect((await offline.cachedNews({ pinned: true })).items.map((x) => x.id)).toEqual([b.id]);
    expect((await offline.cachedNews({ q: 'satu' })).items.map((x) => x.id)).toEqual([a.id]);
    const article = await offline.cachedArticle(a.id);
    expect(article?.article.body).toBe('Isi **satu**');
    expect(article?.cachedAt).toBeGreaterThanOrEqual(before);
    expect(await offline.cachedArticle(b.id)).toBeNull();
    expect(await offline.newsCover(b.coverId)).toBe(`data:image/png;base64,${PNG}`);
    const failed = await offline.call('news/list', { lang: 'id' });
    expect(failed.ok).toBe(false);
    await offline.dispose();

    // Back online: a withdrawn article leaves the cache with the next plain list.
    await opsCall(server.origin, 'POST', 'news/withdraw', { id: a.id });
    const again = core(dbName);
    await again.init({ origin: server.origin, socketPath: '/ws' });
    await again.call('news/list', { lang: 'id' });
    expect((await again.cachedNews({})).items.map((x) => x.id)).toEqual([b.id]);
    expect(await again.cachedArticle(a.id)).toBeNull();
  });
});
