import { describe, expect, it } from 'vitest';
import { normalize, type Variant } from '../../../domain';
import { WriterUnavailableError } from '../../../server/db';
import { AppError, fail, loginRequired, notFound } from '../../../server/http/app-error';
import { mapError } from '../../../server/http/error-mapper';
import type { MessageCatalog } from '../../../server/http/messages';

const messages: MessageCatalog = { loaded: ['en'], text: (lang, key) => `${lang}:${key}` };

describe('mapError', () => {
  it('gives a validation failure the variant shape, HTTP 200, the localised text, key and field', () => {
    expect(mapError(fail('codeWrong', 'code'), 1, 'en', messages)).toEqual({
      status: 200,
      body: { type: 'error', message: 'en:codeWrong', key: 'codeWrong', field: 'code' },
      unexpected: false,
    });
    expect(mapError(fail('mobileFormat', 'account'), 3, 'zh', messages).body).toEqual({
      code: 400,
      data: null,
      msg: 'zh:mobileFormat',
      key: 'mobileFormat',
      field: 'account',
    });
  });

  it.each<[Variant, unknown]>([
    [1, { type: '999', message: 'id:sessionInvalid', key: 'sessionInvalid' }],
    [2, { code: 500, data: null, msg: 'id:sessionInvalid', key: 'sessionInvalid' }],
    [3, { code: 500, data: null, msg: 'id:sessionInvalid', key: 'sessionInvalid' }],
    [4, { type: '999', message: 'id:sessionInvalid', key: 'sessionInvalid' }],
  ])('maps an invalid session to the login failure of variant %s', (variant, body) => {
    const mapped = mapError(loginRequired(), variant, 'id', messages);
    expect(mapped.status).toBe(200);
    expect(mapped.body).toEqual(body);
    // The client's own normaliser must read it as the login intent.
    expect(normalize(variant, mapped.status, mapped.body)).toMatchObject({ ok: false, intent: 'login' });
  });

  it('keeps explicit statuses: 401 no trade password is the tradePassword intent in variant 3', () => {
    const mapped = mapError(new AppError('message', 'noTradePassword', undefined, 401), 3, 'en', messages);
    expect(mapped.status).toBe(401);
    expect(normalize(3, mapped.status, mapped.body)).toMatchObject({ intent: 'tradePassword' });
  });

  it('maps 404 and 429 with their keys', () => {
    expect(mapError(notFound(), 2, 'en', messages)).toMatchObject({ status: 404, body: { key: 'notFound' } });
    const limited = mapError(new AppError('message', 'rateLimited', undefined, 429), 1, 'en', messages);
    expect(limited).toMatchObject({ status: 429, body: { type: 'error', key: 'rateLimited' } });
  });

  it('answers a command the writer refused with 503 and the localised "busy, try again" text, not a fault', () => {
    const err = new WriterUnavailableError('batch failed: connection terminated unexpectedly');
    for (const variant of [1, 2, 3, 4, 5] as const) {
      const mapped = mapError(err, variant, 'vi', messages);
      expect(mapped).toMatchObject({ status: 503, unexpected: false });
      expect(JSON.stringify(mapped.body)).toContain('vi:serviceBusy');
      expect(JSON.stringify(mapped.body)).not.toContain('connection terminated');
    }
  });

  it('maps framework 4xx errors (bad JSON, media type) to badRequest with their status', () => {
    const err = Object.assign(new Error('Unexpected token } in JSON at position 3'), { statusCode: 400 });
    const mapped = mapError(err, 1, 'en', messages);
    expect(mapped).toMatchObject({ status: 400, unexpected: false, body: { key: 'badRequest' } });
    expect(JSON.stringify(mapped.body)).not.toContain('Unexpected token');
    expect(mapError(Object.assign(new Error('x'), { statusCode: 415 }), 2, 'en', messages).status).toBe(415);
  });

  it('hides unexpected errors behind a generic serverFault 500 without message or stack', () => {
    const err = new Error('SQLITE_CORRUPT: /secret/path/exchange.sqlite');
    for (const variant of [1, 2, 3, 4, 5] as const) {
      const mapped = mapError(err, variant, 'en', messages);
      expect(mapped.status).toBe(500);
      expect(mapped.unexpected).toBe(true);
      const text = JSON.stringify(mapped.body);
      expect(text).toContain('serverFault');
      expect(text).not.toContain('SQLITE');
      expect(text).not.toContain('secret');
      expect(text).not.toMatch(/\bat .*:\d+/);
    }
    expect(normalize(3, 500, mapError(err, 3, 'en', messages).body)).toMatchObject({ intent: 'serverFault' });
  });

  it('treats a thrown non-error value as unexpected too', () => {
    expect(mapError('boom', 2, 'en', messages)).toMatchObject({ status: 500, unexpected: true });
    expect(mapError(Object.assign(new Error('x'), { statusCode: 503 }), 2, 'en', messages).status).toBe(500);
  });
});
