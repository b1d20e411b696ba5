import type { ErrorKey } from './errors';

/**
 * The five call variants of spec §7.
 * 1: form body, no token; reply `{ type, message }` (type `ok` = success, data in `message`).
 * 2: `lang` header, form body; reply `{ code, data, msg }` (200 success, 500 login).
 * 3: `token` + `lang` headers, loading indicator; reply `{ code, data, msg }`; HTTP 401/500 mapped.
 * 4: `Authorization` header with the token; reply `{ type, message }` (998 kyc, 997 payment info).
 * 5: global settings and the address lookup: plain JSON, no envelope.
 */
export type Variant = 1 | 2 | 3 | 4 | 5;

/** What the UI must do instead of rendering data (spec §8). Handled in one place by the UI. */
export type IntentName = 'login' | 'kyc' | 'paymentInfo' | 'tradePassword' | 'serverFault' | 'message';

/** Reply body of variants 1 and 4. On success `message` carries the data. */
export interface TypeEnvelope<T = unknown> {
  type: 'ok' | '999' | '998' | '997' | number | string;
  message: T | string;
  key?: ErrorKey;
  field?: string;
}

/** Reply body of variants 2 and 3. */
export interface CodeEnvelope<T = unknown> {
  code: number;
  data: T | null;
  msg: string;
  key?: ErrorKey;
  field?: string;
}

/** A call's result: data, or one intent. `data` may ride along where the spec says the callback still runs. */
export type Outcome<T> =
  | { ok: true; data: T; message?: string }
  | {
      ok: false;
      intent: IntentName;
      /** Text to show, already in the user's language when it came from the server. */
      message?: string;
      /** Message key for texts the client makes itself (timeouts, offline) or the server tagged. */
      messageKey?: ErrorKey;
      /** The form field the problem belongs to, when the server named one. */
      field?: string;
      data?: T;
    };

const fail = <T>(
  intent: IntentName,
  extra: { message?: string; messageKey?: ErrorKey; field?: string; data?: T } = {},
): Outcome<T> => {
  const out: Outcome<T> = { ok: false, intent };
  if (extra.message !== undefined && extra.message !== '') out.message = extra.message;
  if (extra.messageKey !== undefined) out.messageKey = extra.messageKey;
  if (extra.field !== undefined) out.field = extra.field;
  if (extra.data !== undefined && extra.data !== null) out.data = extra.data;
  return out;
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * Turns an HTTP status and parsed body into an Outcome, exactly as the spec §8 table says.
 * `body` is `undefined` when the reply was not JSON.
 */
export function normalize<T>(variant: Variant, status: number, body: unknown): Outcome<T> {
  if (variant === 3 && status === 401) return fail('tradePassword', { messageKey: 'noTradePassword' });
  if (status >= 500 && (variant === 3 || !isObject(body)))
    return fail('serverFault', { messageKey: 'serverFault' });

  if (variant === 5) {
    if (status >= 200 && status < 300 && body !== undefined) return { ok: true, data: body as T };
    return fail('message', { messageKey: status === 404 ? 'notFound' : 'badRequest' });
  }
  if (!isObject(body)) return fail('message', { messageKey: status === 404 ? 'notFound' : 'badRequest' });

  const key = text(body.key) as ErrorKey | undefined;
  const field = text(body.field);
  if (variant === 1 || variant === 4) {
    const type = String(body.type);
    const message = body.message;
    if (type === 'ok') return { ok: true, data: message as T };
    const shown = text(message);
    const extra = {
      ...(shown !== undefined && { message: shown }),
      ...(key && { messageKey: key }),
      ...(field && { field }),
    };
    if (type === '999') return fail('login', extra);
    if (variant === 4 && type === '998') return fail('kyc', extra);
    if (variant === 4 && type === '997') return fail('paymentInfo', extra);
    return fail('message', extra);
  }

  const code = Number(body.code);
  const msg = text(body.msg);
  const data = body.data as T | undefined;
  const extra = { ...(msg && { message: msg }), ...(key && { messageKey: key }), ...(field && { field }) };
  if (code === 200) return msg ? { ok: true, data: data as T, message: msg } : { ok: true, data: data as T };
  if (code === 500) return fail('login', extra);
  if (variant === 3 && code === 998) return fail('kyc', extra);
  if (variant === 3 && code === 997) return fail('paymentInfo', extra);
  // Variants 2 and 3: the message is shown and the callback still runs with whatever data came.
  return fail('message', { ...extra, ...(data !== undefined && data !== null && { data }) });
}

/** Builds a success body in the shape of `variant` (server side). */
export function okBody(variant: Variant, data: unknown, msg = ''): unknown {
  if (variant === 5) return data;
  if (variant === 1 || variant === 4) return { type: 'ok', message: data };
  return { code: 200, data, msg };
}

/** Failure kinds a server handler can raise; mapped to each variant's codes by `errorBody`. */
export type FailKind = 'login' | 'kyc' | 'paymentInfo' | 'message';

/** Builds a failure body in the shape of `variant` (server side). */
export function errorBody(
  variant: Variant,
  kind: FailKind,
  message: string,
  key?: ErrorKey,
  field?: string,
): unknown {
  const tag = { ...(key && { key }), ...(field && { field }) };
  if (variant === 1 || variant === 4 || variant === 5) {
    const type = kind === 'login' ? '999' : kind === 'kyc' ? '998' : kind === 'paymentInfo' ? '997' : 'error';
    return { type, message, ...tag };
  }
  const code = kind === 'login' ? 500 : kind === 'kyc' ? 998 : kind === 'paymentInfo' ? 997 : 400;
  return { code, data: null, msg: message, ...tag };
}
