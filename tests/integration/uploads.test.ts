import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES, type UploadedImage } from '../../domain';
import { callApi, type RawReply } from '../support/api';
import { registerUser } from '../support/accounts';
import { startTestServer, TEST_ENGINE, type TestServer } from '../support/server';
import { dataOf, errorText, violations } from '../support/assets';
import { withServerDb } from '../support/server-db';
import { JPEG, OPS_TOKEN, opsCall, PNG, WEBP } from '../support/bank';

let server: TestServer;
let origin: string;
let uploadsDir: string;
beforeAll(async () => {
  server = await startTestServer({ operatorToken: OPS_TOKEN, simMarket: false });
  origin = server.origin;
  uploadsDir = path.join(server.dataDir, 'uploads');
});
afterAll(() => server?.close());
afterEach(async () => {
  expect(await violations(server.dataDir)).toEqual([]);
});

function upload(token: string, mime: string, data: string, lang?: string): Promise<RawReply> {
  return callApi(
    origin,
    'assets/upload',
    { mime, data },
    { json: true, token, ...(lang && { headers: { lang } }) },
  );
}

async function stored(): Promise<{ rows: number; files: string[] }> {
  const rows = await withServerDb(server.dataDir, (db) =>
    db.get<{ n: number }>('select count(*) as n from uploads'),
  );
  return { rows: rows!.n, files: fs.readdirSync(uploadsDir).sort() };
}

const ops = (
  method: 'GET' | 'POST',
  name: string,
  fields: Record<string, string | number> = {},
  operator?: string,
) => opsCall(origin, method, name, fields, operator);

describe('assets/upload', () => {
  it.each([
    ['image/jpeg', JPEG],
    ['image/png', PNG],
    ['image/webp', WEBP],
  ])('keeps a real %s under DATA_DIR/uploads and gives it back to its owner', async (mime, data) => {
    const { token, user } = await registerUser(origin);
    const { id } = dataOf<{ id: string }>(await upload(token, mime, data));
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const bytes = Buffer.from(data, 'base64');
    expect(fs.readFileSync(path.join(uploadsDir, id))).toEqual(bytes);
    const row = await withServerDb(server.dataDir, (db) => db.get('select * from uploads where id = ?', id));
    expect(row).toMatchObject({ user_id: user.id, mime, size: bytes.length });
    const proof = dataOf<UploadedImage>(await callApi(origin, 'assets/proof', { id }, { token }));
    expect(proof).toEqual({ id, mime, data });
  });

  const refused: Array<[string, string, string, string, string]> = [
    ['PNG bytes declared as JPEG', 'image/jpeg', PNG, 'data', 'uploadType'],
    ['JPEG bytes declared as WebP', 'image/webp', JPEG, 'data', 'uploadType'],
    ['text that is not base64', 'image/png', 'not base64 at all!', 'data', 'uploadType'],
    [
      'one byte more than the limit',
      'image/jpeg',
      Buffer.concat([Buffer.from(JPEG, 'base64'), Buffer.alloc(UPLOAD_MAX_BYTES)]).toString('base64'),
      'data',
      'uploadTooLarge',
    ],
    [
      'an unsupported type',
      'image/gif',
      Buffer.from('GIF89a\x01\x00\x01\x00').toString('base64'),
      'mime',
      'uploadType',
    ],
    [
      'an SVG',
      'image/svg+xml',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'),
      'mime',
      'uploadType',
    ],
    ['nothing', 'image/png', '', 'data', 'uploadRequired'],
  ];
  it.each(refused)(
    'refuses %s in the caller’s language and writes nothing',
    async (_, mime, data, field, key) => {
      const { token } = await registerUser(origin);
      const before = await stored();
      for (const lang of ['en', 'vi']) {
        const res = await upload(token, mime, data, lang);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ code: 400, data: null, msg: errorText(lang, key), key, field });
      }
      expect(await stored()).toEqual(before);
    },
  );

  it('is not reachable at any static path of the server', async () => {
    const { token } = await registerUser(origin);
    const { id } = dataOf<{ id: string }>(await upload(token, 'image/png', PNG));
    const paths = [
      `/h5/uploads/${id}`,
      `/uploads/${id}`,
      `/data/uploads/${id}`,
      `/api/uploads/${id}`,
      `/h5/%2e%2e/uploads/${id}`,
      `/h5/..%2f..%2fuploads%2f${id}`,
      `/${path.basename(server.dataDir)}/uploads/${id}`,
    ];
    for (const p of paths) {
      const res = await fetch(`${origin}${p}`);
      const body = Buffer.from(await res.arrayBuffer());
      expect(res.status, p).not.toBe(200);
      expect(body.includes(Buffer.from(PNG, 'base64')), p).toBe(false);
    }
  });

  it('refuses another user’s proof, an unknown id and a path as notFound', async () => {
    const owner = await registerUser(origin);
    const other = await registerUser(origin);
    const { id } = dataOf<{ id: string }>(await upload(owner.token, 'image/png', PNG));
    for (const bad of [id, 'f'.repeat(32), '../exchange.sqlite', `${id}/..`]) {
      const res = await callApi(
        origin,
        'assets/proof',
        { id: bad },
        { token: other.token, headers: { lang: 'zh' } },
      );
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 400, data: null, msg: errorText('zh', 'notFound'), key: 'notFound' });
    }
    const anonymous = await callApi(origin, 'assets/proof', { id });
    expect(anonymous.body).toMatchObject({ code: 500, key: 'sessionInvalid' });
  });

  it('limits uploads per user to 20 in 10 minutes, without touching other users', async () => {
    const busy = await registerUser(origin);
    const replies = await Promise.all(
      Array.from({ length: 21 }, () => upload(busy.token, 'image/webp', WEBP)),
    );
    expect(replies.filter((r) => r.body?.code === 200)).toHaveLength(20);
    const limited = replies.filter((r) => r.status === 429);
    expect(limited).toHaveLength(1);
    expect(limited[0]!.body).toMatchObject({ key: 'rateLimited' });
    const calm = await registerUser(origin);
    expect((await upload(calm.token, 'image/webp', WEBP)).body.code).toBe(200);
  });

  it('shows a proof to the operator, who is journaled for looking', async () => {
    const { token, user } = await registerUser(origin);
    const { id } = dataOf<{ id: string }>(await upload(token, 'image/jpeg', JPEG));
    const seen = await ops('GET', 'uploads/get', { id }, 'carol');
    expect(seen).toEqual({
      status: 200,
      body: { code: 200, data: { id, mime: 'image/jpeg', data: JPEG, userId: user.id }, msg: '' },
    });
    const actions = await ops('GET', 'actions', {});
    expect(actions.body.data[0]).toMatchObject({
      operator: 'carol',
      action: 'upload.view',
      targetType: 'uploads',
      targetId: id,
    });
    expect((await ops('GET', 'uploads/get', { id: 'f'.repeat(32) })).status).toBe(404);
    const noToken = await fetch(`${origin}/api/ops/uploads/get?id=${id}`, {
      headers: { 'x-operator': 'carol' },
    });
    expect(noToken.status).toBe(401);
  });
});

describe('uploads with an in-memory database', () => {
  // DATA_DIR=:memory: is SQLite's in-memory database; a PostgreSQL server keeps its data elsewhere.
  it.skipIf(TEST_ENGINE === 'postgres')(
    'keeps files in a temporary directory removed when the server stops',
    async () => {
      const memory = await startTestServer({ dataDir: ':memory:', simMarket: false });
      let file = '';
      try {
        const { token } = await registerUser(memory.origin);
        const res = await callApi(
          memory.origin,
          'assets/upload',
          { mime: 'image/png', data: PNG },
          { json: true, token },
        );
        const { id } = dataOf<{ id: string }>(res);
        const dirs = fs.readdirSync(os.tmpdir()).filter((d) => d.startsWith('exchange-uploads-'));
        file = dirs.map((d) => path.join(os.tmpdir(), d, id)).find((f) => fs.existsSync(f)) ?? '';
        expect(file).not.toBe('');
        expect(fs.readFileSync(file).toString('base64')).toBe(PNG);
        const back = await callApi(memory.origin, 'assets/proof', { id }, { token });
        expect(dataOf<UploadedImage>(back).data).toBe(PNG);
      } finally {
        await memory.close();
      }
      expect(fs.existsSync(path.dirname(file))).toBe(false);
    },
  );
});
