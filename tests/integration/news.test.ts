import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api';
import { startTestServer, type TestServer } from '../support/server';
import { withServerDb } from '../support/server-db';
import { OPS_TOKEN, opsCall, PNG } from '../support/bank';

let server: TestServer;
let origin: string;
beforeAll(async () => {
  server = await startTestServer({ operatorToken: OPS_TOKEN, simMarket: false });
  origin = server.origin;
});
afterAll(() => server?.close());

const publish = (fields: Record<string, string | number>, operator = 'alice') =>
  opsCall(origin, 'POST', 'news/publish', fields, operator);

async function articleRows(): Promise<number> {
  const row = await withServerDb(server.dataDir, (db) =>
    db.get<{ n: number }>('select count(*) as n from news_articles'),
  );
  return row!.n;
}

describe('news', () => {
  it('publishes per language, lists pinned first, serves detail and cover, journals the operator', async () => {
    const a = await publish({ lang: 'en', title: 'Maintenance', body: 'We **upgrade** at 02:00.' });
    expect(a.body.code).toBe(200);
    const b = await publish({
      lang: 'en',
      title: 'Pinned notice',
      body: 'Read [the rules](https://example.com/rules).',
      pinned: 'true',
      coverMime: 'image/png',
      coverData: PNG,
    });
    expect(b.body.data.coverId).toMatch(/^[0-9a-f]{32}$/);
    await publish({ lang: 'id', title: 'Pemeliharaan', body: 'Kami memperbarui sistem.' });

    const list = await callApi(origin, 'news/list', { lang: 'en' });
    const titles = (list.body.data as { title: string }[]).map((x) => x.title);
    expect(titles).toEqual(['Pinned notice', 'Maintenance']);
    expect(list.body.data[1].excerpt).toBe('We upgrade at 02:00.');

    const pinned = await callApi(origin, 'news/list', { lang: 'en', pinned: 'true' });
    expect(pinned.body.data).toHaveLength(1);
    const indonesian = await callApi(origin, 'news/list', { lang: 'id' });
    expect(indonesian.body.data.map((x: { title: string }) => x.title)).toEqual(['Pemeliharaan']);

    const detail = await callApi(origin, 'news/detail', { id: b.body.data.id });
    expect(detail.body.data.body).toBe('Read [the rules](https://example.com/rules).');
    const cover = await callApi(origin, 'news/cover', { id: b.body.data.coverId });
    expect(cover.body.data).toMatchObject({ mime: 'image/png', data: PNG });

    const actions = (await opsCall(origin, 'GET', 'actions')).body.data as {
      action: string;
      operator: string;
    }[];
    expect(actions.filter((x) => x.action === 'news.publish')).toHaveLength(3);
    expect(actions[0]!.operator).toBe('alice');
  });

  it('searches the help centre by words in title and body, LIKE marks taken literally', async () => {
    await publish({
      lang: 'en',
      title: 'How to deposit',
      body: 'Open **Assets**, then Deposit.',
      help: 'true',
    });
    await publish({ lang: 'en', title: 'How to withdraw', body: 'Bind an address first.', help: 'true' });
    await publish({ lang: 'en', title: 'Not help', body: 'deposit promo' });
    const search = async (q: string) =>
      (
        (await callApi(origin, 'news/list', { lang: 'en', help: 'true', q })).body.data as { title: string }[]
      ).map((x) => x.title);
    expect(await search('deposit')).toEqual(['How to deposit']);
    expect(await search('BIND address')).toEqual(['How to withdraw']);
    expect(await search('%')).toEqual([]);
    expect(await search('')).toEqual(['How to withdraw', 'How to deposit']);
    const long = await callApi(origin, 'news/list', { lang: 'en', q: 'x'.repeat(61) });
    expect(long.body.key).toBe('textTooLong');
  });

  it('refuses unsafe Markdown and bad covers, storing nothing', async () => {
    const before = await articleRows();
    const payloads = [
      '<script>alert(1)</script>',
      'Hi <img src=x onerror=alert(1)>',
      '[click](javascript:alert(1))',
      '[click]( JaVaScRiPt:alert(1))',
      '[click](java&#x73;cript:alert(1))',
      '![x](data:text/html;base64,PHNjcmlwdD4=)',
      '[ref]: vbscript:msgbox\n\n[x][ref]',
      '<!-- hidden -->',
      '<a href="https://example.com">x</a>',
    ];
    for (const body of payloads) {
      const r = await publish({ lang: 'en', title: 'Bad', body });
      expect(r.body.code, body).not.toBe(200);
      expect(['newsRawHtml', 'newsUnsafeLink']).toContain(r.body.key);
    }
    const badCover = await publish({
      lang: 'en',
      title: 'x',
      body: 'y',
      coverMime: 'image/png',
      coverData: 'aGVsbG8=',
    });
    expect(badCover.body.key).toBe('uploadType');
    expect((await publish({ lang: 'xx', title: 'x', body: 'y' })).body.key).toBe('badRequest');
    expect((await publish({ lang: 'en', title: ' ', body: 'y' })).body.key).toBe('required');
    expect(await articleRows()).toBe(before);
  });

  it('edits and withdraws; a withdrawn article is gone from the list and detail', async () => {
    const made = (await publish({ lang: 'vi', title: 'Old', body: 'text' })).body.data;
    const edited = await opsCall(origin, 'POST', 'news/update', { id: made.id, title: 'New' }, 'bob');
    expect(edited.body.data).toMatchObject({ title: 'New', body: 'text' });
    const gone = await opsCall(origin, 'POST', 'news/withdraw', { id: made.id }, 'bob');
    expect(gone.body.data.withdrawnAt).toBeGreaterThan(0);
    expect((await callApi(origin, 'news/list', { lang: 'vi' })).body.data).toEqual([]);
    expect((await callApi(origin, 'news/detail', { id: made.id })).status).toBe(404);
    expect((await opsCall(origin, 'POST', 'news/withdraw', { id: made.id })).status).toBe(404);
  });
});

describe('news paging', () => {
  it('pages by id with pinned notices first on the first page only', async () => {
    for (let i = 0; i < 25; i++)
      await publish({ lang: 'kor', title: `n${i}`, body: 'x', ...(i === 0 && { pinned: 'true' }) });
    const first = (await callApi(origin, 'news/list', { lang: 'kor' })).body.data as {
      id: number;
      title: string;
    }[];
    expect(first).toHaveLength(20);
    expect(first[0]!.title).toBe('n0');
    expect(first.slice(1, 3).map((a) => a.title)).toEqual(['n24', 'n23']);
    const oldest = Math.min(...first.slice(1).map((a) => a.id));
    const next = (await callApi(origin, 'news/list', { lang: 'kor', before: oldest })).body.data as {
      title: string;
    }[];
    expect(next.map((a) => a.title)).toEqual(['n5', 'n4', 'n3', 'n2', 'n1', 'n0']);
    expect((await callApi(origin, 'news/list', { lang: 'kor', limit: 51 })).body.key).toBe('badRequest');
  });
});
