import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../../server/config';
import { createHttp, loadMessages } from '../../../server/http';
import { LOCALES_DIR } from '../../../server/paths';

let app: FastifyInstance | undefined;
const agent = new http.Agent({ keepAlive: true });
afterEach(async () => {
  agent.destroy();
  await app?.close();
  app = undefined;
});

/** A GET on a keep-alive connection: resolves with the reply's status and `connection` header. */
function get(port: number, path: string): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
    });
    req.on('error', reject);
  });
}

describe('closing the HTTP server', () => {
  it('ends a keep-alive connection whose request was in flight when close began, without waiting for it', async () => {
    app = await createHttp({
      config: loadConfig({}),
      messages: loadMessages(LOCALES_DIR),
      logLevel: 'silent',
    });
    let arrived!: () => void;
    const inFlight = new Promise<void>((r) => (arrived = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    app.get('/slow', async () => {
      arrived();
      await gate;
      return { ok: true };
    });
    app.get('/fast', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;

    // Before close: replies keep the connection alive.
    expect(await get(port, '/fast')).toEqual({ status: 200, connection: 'keep-alive' });
    const slow = get(port, '/slow');
    await inFlight;
    const started = Date.now();
    const closed = app.close();
    // Once the server has stopped listening, close() is under way.
    while (app.server.listening) await new Promise((r) => setTimeout(r, 5));
    release();
    // The request in flight finishes, and its connection closes after its reply.
    expect(await slow).toEqual({ status: 200, connection: 'close' });
    await closed;
    app = undefined;
    // Without `connection: close`, close() waits for the keep-alive timeout (72 s).
    expect(Date.now() - started).toBeLessThan(5_000);
  }, 15_000);
});
