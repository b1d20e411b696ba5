import { describe, expect, it } from 'vitest';
import { errorBody, normalize, okBody, type FailKind, type Outcome, type Variant } from '../../../domain';

type Case = [name: string, variant: Variant, status: number, body: unknown, expected: Outcome<unknown>];

const data = { id: 7, price: '1.23' };

describe('normalize: variant 1 (type field; ok / 999 / other) — spec §7.1, §8', () => {
  it.each<Case>([
    ['ok returns message as data', 1, 200, { type: 'ok', message: data }, { ok: true, data }],
    ['ok with a string payload', 1, 200, { type: 'ok', message: 'sent' }, { ok: true, data: 'sent' }],
    [
      '999 goes to login',
      1,
      200,
      { type: '999', message: 'log in' },
      { ok: false, intent: 'login', message: 'log in' },
    ],
    ['numeric 999 too', 1, 200, { type: 999, message: 'x' }, { ok: false, intent: 'login', message: 'x' }],
    [
      '998 is only a message in variant 1',
      1,
      200,
      { type: '998', message: 'kyc' },
      { ok: false, intent: 'message', message: 'kyc' },
    ],
    [
      '997 is only a message in variant 1',
      1,
      200,
      { type: '997', message: 'pay' },
      { ok: false, intent: 'message', message: 'pay' },
    ],
    [
      'other shows the message, with key and field',
      1,
      400,
      { type: 'error', message: 'Wrong code', key: 'codeWrong', field: 'code' },
      { ok: false, intent: 'message', message: 'Wrong code', messageKey: 'codeWrong', field: 'code' },
    ],
    ['other with an empty message', 1, 400, { type: 'error', message: '' }, { ok: false, intent: 'message' }],
    [
      'other with a non-text message',
      1,
      400,
      { type: 'error', message: { a: 1 } },
      { ok: false, intent: 'message' },
    ],
    [
      'HTTP 500 with an envelope is still read',
      1,
      500,
      { type: 'error', message: 'boom' },
      { ok: false, intent: 'message', message: 'boom' },
    ],
    [
      'HTTP 500 without JSON is a server fault',
      1,
      500,
      undefined,
      { ok: false, intent: 'serverFault', messageKey: 'serverFault' },
    ],
    ['non-JSON body', 1, 200, undefined, { ok: false, intent: 'message', messageKey: 'badRequest' }],
    ['non-JSON 404', 1, 404, undefined, { ok: false, intent: 'message', messageKey: 'notFound' }],
    ['JSON that is not an object', 1, 200, 'ok', { ok: false, intent: 'message', messageKey: 'badRequest' }],
    ['JSON null', 1, 200, null, { ok: false, intent: 'message', messageKey: 'badRequest' }],
  ])('%s', (_name, variant, status, body, expected) => {
    expect(normalize(variant, status, body)).toEqual(expected);
  });
});

describe('normalize: variant 2 (code field; 200 / 500 / other, data still passed) — spec §7.2, §8', () => {
  it.each<Case>([
    ['200 is success', 2, 200, { code: 200, data, msg: '' }, { ok: true, data }],
    ['200 keeps msg', 2, 200, { code: 200, data, msg: 'Saved' }, { ok: true, data, message: 'Saved' }],
    ['200 with null data', 2, 200, { code: 200, data: null, msg: '' }, { ok: true, data: null }],
    [
      '500 goes to login',
      2,
      200,
      { code: 500, data: null, msg: 'expired' },
      { ok: false, intent: 'login', message: 'expired' },
    ],
    [
      'other shows msg and still passes data',
      2,
      200,
      { code: 400, data, msg: 'Careful' },
      { ok: false, intent: 'message', message: 'Careful', data },
    ],
    [
      'other without data',
      2,
      400,
      { code: 400, data: null, msg: 'No' },
      { ok: false, intent: 'message', message: 'No' },
    ],
    [
      '998 is only a message in variant 2',
      2,
      200,
      { code: 998, data: null, msg: 'k' },
      { ok: false, intent: 'message', message: 'k' },
    ],
    [
      '997 is only a message in variant 2',
      2,
      200,
      { code: 997, data: null, msg: 'p' },
      { ok: false, intent: 'message', message: 'p' },
    ],
    [
      'key and field ride along',
      2,
      429,
      { code: 429, data: null, msg: 'Slow down', key: 'rateLimited', field: 'account' },
      { ok: false, intent: 'message', message: 'Slow down', messageKey: 'rateLimited', field: 'account' },
    ],
    ['code given as text', 2, 200, { code: '200', data, msg: '' }, { ok: true, data }],
    [
      'HTTP 500 with code 500 envelope is login',
      2,
      500,
      { code: 500, data: null, msg: 'x' },
      { ok: false, intent: 'login', message: 'x' },
    ],
    [
      'HTTP 502 without JSON is a server fault',
      2,
      502,
      undefined,
      { ok: false, intent: 'serverFault', messageKey: 'serverFault' },
    ],
    ['non-JSON body', 2, 200, undefined, { ok: false, intent: 'message', messageKey: 'badRequest' }],
    ['non-JSON 404', 2, 404, undefined, { ok: false, intent: 'message', messageKey: 'notFound' }],
  ])('%s', (_name, variant, status, body, expected) => {
    expect(normalize(variant, status, body)).toEqual(expected);
  });
});

describe('normalize: variant 3 (token; 200/500/998/997/other, HTTP 500 and 401) — spec §7.3, §8', () => {
  it.each<Case>([
    ['200 is success', 3, 200, { code: 200, data, msg: '' }, { ok: true, data }],
    [
      '500 shows msg and goes to login',
      3,
      200,
      { code: 500, data: null, msg: 'expired' },
      { ok: false, intent: 'login', message: 'expired' },
    ],
    [
      '998 goes to real_authentication',
      3,
      200,
      { code: 998, data: null, msg: 'verify' },
      { ok: false, intent: 'kyc', message: 'verify' },
    ],
    [
      '997 goes to collect_money',
      3,
      200,
      { code: 997, data: null, msg: 'pay info' },
      { ok: false, intent: 'paymentInfo', message: 'pay info' },
    ],
    [
      'other shows msg while the callback still runs',
      3,
      200,
      { code: 400, data, msg: 'Low balance', key: 'insufficientBalance' },
      { ok: false, intent: 'message', message: 'Low balance', messageKey: 'insufficientBalance', data },
    ],
    [
      'HTTP 500 is a server fault, whatever the body',
      3,
      500,
      { code: 200, data, msg: '' },
      { ok: false, intent: 'serverFault', messageKey: 'serverFault' },
    ],
    [
      'HTTP 503 without JSON is a server fault',
      3,
      503,
      undefined,
      { ok: false, intent: 'serverFault', messageKey: 'serverFault' },
    ],
    [
      'HTTP 401 offers setting a trade password',
      3,
      401,
      { code: 401, data: null, msg: 'x' },
      { ok: false, intent: 'tradePassword', messageKey: 'noTradePassword' },
    ],
    [
      'HTTP 401 without JSON too',
      3,
      401,
      undefined,
      { ok: false, intent: 'tradePassword', messageKey: 'noTradePassword' },
    ],
    ['non-JSON body', 3, 200, undefined, { ok: false, intent: 'message', messageKey: 'badRequest' }],
    ['non-JSON 404', 3, 404, undefined, { ok: false, intent: 'message', messageKey: 'notFound' }],
  ])('%s', (_name, variant, status, body, expected) => {
    expect(normalize(variant, status, body)).toEqual(expected);
  });

  it('HTTP 401 means a trade password only in variant 3', () => {
    for (const variant of [1, 2, 4] as const) {
      expect(normalize(variant, 401, undefined)).toEqual({
        ok: false,
        intent: 'message',
        messageKey: 'badRequest',
      });
    }
    expect(normalize(5, 401, undefined)).toEqual({ ok: false, intent: 'message', messageKey: 'badRequest' });
  });
});

describe('normalize: variant 4 (Authorization; ok/999/998/997/other) — spec §7.4, §8', () => {
  it.each<Case>([
    ['ok returns the message', 4, 200, { type: 'ok', message: data }, { ok: true, data }],
    [
      '999 goes to login',
      4,
      200,
      { type: '999', message: 'expired' },
      { ok: false, intent: 'login', message: 'expired' },
    ],
    [
      '998 goes to real_authentication',
      4,
      200,
      { type: '998', message: 'verify' },
      { ok: false, intent: 'kyc', message: 'verify' },
    ],
    [
      '997 goes to collect_money',
      4,
      200,
      { type: '997', message: 'pay' },
      { ok: false, intent: 'paymentInfo', message: 'pay' },
    ],
    ['numeric 998', 4, 200, { type: 998, message: 'v' }, { ok: false, intent: 'kyc', message: 'v' }],
    [
      'other shows the message',
      4,
      400,
      { type: 'error', message: 'Nope' },
      { ok: false, intent: 'message', message: 'Nope' },
    ],
    [
      'HTTP 500 without JSON',
      4,
      500,
      undefined,
      { ok: false, intent: 'serverFault', messageKey: 'serverFault' },
    ],
    ['non-JSON body', 4, 200, undefined, { ok: false, intent: 'message', messageKey: 'badRequest' }],
  ])('%s', (_name, variant, status, body, expected) => {
    expect(normalize(variant, status, body)).toEqual(expected);
  });
});

describe('normalize: variant 5 (plain JSON: settings, address lookup) — spec §7.5', () => {
  it.each<Case>([
    ['2xx object', 5, 200, data, { ok: true, data }],
    ['2xx array', 5, 200, [1, 2], { ok: true, data: [1, 2] }],
    ['2xx null is still JSON', 5, 200, null, { ok: true, data: null }],
    ['204 with JSON', 5, 204, { a: 1 }, { ok: true, data: { a: 1 } }],
    ['2xx non-JSON', 5, 200, undefined, { ok: false, intent: 'message', messageKey: 'badRequest' }],
    ['404', 5, 404, { error: 'x' }, { ok: false, intent: 'message', messageKey: 'notFound' }],
    ['400', 5, 400, { error: 'x' }, { ok: false, intent: 'message', messageKey: 'badRequest' }],
    ['302', 5, 302, data, { ok: false, intent: 'message', messageKey: 'badRequest' }],
    [
      'HTTP 500 with JSON',
      5,
      500,
      { error: 'x' },
      { ok: false, intent: 'message', messageKey: 'badRequest' },
    ],
    [
      'HTTP 500 without JSON',
      5,
      500,
      undefined,
      { ok: false, intent: 'serverFault', messageKey: 'serverFault' },
    ],
  ])('%s', (_name, variant, status, body, expected) => {
    expect(normalize(variant, status, body)).toEqual(expected);
  });
});

describe('okBody and errorBody round-trip through normalize', () => {
  const variants: Variant[] = [1, 2, 3, 4, 5];

  it.each(variants)('okBody in variant %i normalizes to the same data', (variant) => {
    expect(normalize(variant, 200, okBody(variant, data))).toEqual({ ok: true, data });
    expect(normalize(variant, 200, okBody(variant, null))).toEqual({ ok: true, data: null });
  });

  it.each([2, 3] as const)('okBody in variant %i carries msg', (variant) => {
    expect(normalize(variant, 200, okBody(variant, data, 'Done'))).toEqual({
      ok: true,
      data,
      message: 'Done',
    });
  });

  // What each failure kind becomes per variant: only variants 3 and 4 know kyc and paymentInfo (spec §7).
  const expectedIntent: Record<Exclude<Variant, 5>, Record<FailKind, string>> = {
    1: { login: 'login', kyc: 'message', paymentInfo: 'message', message: 'message' },
    2: { login: 'login', kyc: 'message', paymentInfo: 'message', message: 'message' },
    3: { login: 'login', kyc: 'kyc', paymentInfo: 'paymentInfo', message: 'message' },
    4: { login: 'login', kyc: 'kyc', paymentInfo: 'paymentInfo', message: 'message' },
  };
  const kinds: FailKind[] = ['login', 'kyc', 'paymentInfo', 'message'];
  const cases = ([1, 2, 3, 4] as const).flatMap((variant) => kinds.map((kind) => [variant, kind] as const));

  it.each(cases)('errorBody(variant %i, %s) → its intent with text, key and field', (variant, kind) => {
    const body = errorBody(variant, kind, 'Text', 'codeWrong', 'code');
    expect(normalize(variant, 400, body)).toEqual({
      ok: false,
      intent: expectedIntent[variant][kind],
      message: 'Text',
      messageKey: 'codeWrong',
      field: 'code',
    });
  });

  it('errorBody without key and field leaves them out', () => {
    expect(errorBody(1, 'message', 'x')).toEqual({ type: 'error', message: 'x' });
    expect(errorBody(3, 'login', 'x')).toEqual({ code: 500, data: null, msg: 'x' });
  });

  it('errorBody uses the spec codes', () => {
    expect(errorBody(4, 'login', '')).toMatchObject({ type: '999' });
    expect(errorBody(4, 'kyc', '')).toMatchObject({ type: '998' });
    expect(errorBody(4, 'paymentInfo', '')).toMatchObject({ type: '997' });
    expect(errorBody(3, 'login', '')).toMatchObject({ code: 500 });
    expect(errorBody(3, 'kyc', '')).toMatchObject({ code: 998 });
    expect(errorBody(3, 'paymentInfo', '')).toMatchObject({ code: 997 });
    expect(errorBody(3, 'message', '')).toMatchObject({ code: 400 });
  });
});
