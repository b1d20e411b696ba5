import { expect } from 'vitest';
import type { EndpointName } from '../../domain';
import { ENDPOINTS, endpointPath } from '../../domain/endpoint-table';
import { errorText } from './assets';

// Issue 29's strict integer fields: the malformed spellings every id, paging and other integer
// field of the API is refused in, and how the tests send them (strict-params, strict-integers).

/** A request's fields as sent: a list repeats its key. */
export type Pairs = [string, string][];

/** Malformed spellings of a field whose valid value is `v`: each a list of pairs to send. */
export function badForms(field: string, v: number): Pairs[] {
  const one = (text: string): Pairs => [[field, text]];
  return [
    one(`0${v}`),
    one(`00${v}`),
    one(` ${v}`),
    one(`${v} `),
    one(`-${v}`),
    one(`+${v}`),
    one(`0x${v.toString(16)}`),
    one(`${v}e0`),
    one(`${v}.0`),
    one('9007199254740992'),
    // A list: the field repeated, and the bracket forms query and form parsers keep as keys.
    [
      [field, String(v)],
      [field, String(v)],
    ],
    [[`${field}[]`, String(v)]],
    [[`${field}[0]`, String(v)]],
  ];
}

/** Sends `pairs` to a user endpoint the way the app does (GET query or form body). */
export async function sendApi(origin: string, name: EndpointName, token: string, pairs: Pairs) {
  const def = ENDPOINTS[name];
  const headers: Record<string, string> = { lang: 'id' };
  if (def.variant === 4) headers.authorization = `Bearer ${token}`;
  else headers.token = token;
  return send(`${origin}${endpointPath(name)}`, def.method, headers, pairs);
}

/** Sends `pairs` to `url` as a query (GET) or a form body, and returns the reply's JSON. */
export async function send(
  url: string,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
  pairs: Pairs,
) {
  const params = new URLSearchParams(pairs).toString();
  const res =
    method === 'GET'
      ? await fetch(params ? `${url}?${params}` : url, { headers })
      : await fetch(url, {
          method,
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          body: params,
        });
  return (await res.json()) as Record<string, unknown>;
}

/** Expects the malformed-parameter answer for `field`, in Indonesian. */
export function expectMalformed(body: Record<string, unknown>, field: string, sent: Pairs) {
  expect([body.key, body.field], JSON.stringify(sent)).toEqual(['badRequest', field]);
  expect(body.msg ?? body.message, JSON.stringify(sent)).toBe(errorText('id', 'badRequest'));
}
