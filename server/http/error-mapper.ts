import { errorBody, type Lang, type Variant } from '../../domain';
import { WriterUnavailableError } from '../db';
import { AppError } from './app-error';
import type { MessageCatalog } from './messages';

/** An error turned into a reply. */
export interface MappedError {
  /** HTTP status. */
  status: number;
  body: unknown;
  /** True when the error was not expected and must be logged with its stack. */
  unexpected: boolean;
}

const statusOf = (err: unknown): number | undefined => {
  const s = (err as { statusCode?: unknown } | null)?.statusCode;
  return typeof s === 'number' && Number.isInteger(s) ? s : undefined;
};

/**
 * Turns anything a route threw into the envelope of the endpoint's variant.
 *
 * Status policy: business and validation failures answer HTTP 200 with the variant's failure body
 * (the client decides by body, as the spec's legacy clients do, and HTTP 401 and 500 have their own
 * meaning in variant 3). Only 401 (no trade password), 404, 429, framework 4xx (bad JSON, wrong media
 * type, body too large), 503 (the writer refused: busy, try again) and 500 use other statuses. A 500 never carries the error's message or stack.
 */
export function mapError(err: unknown, variant: Variant, lang: Lang, messages: MessageCatalog): MappedError {
  if (err instanceof AppError) {
    return {
      status: err.httpStatus,
      body: errorBody(variant, err.kind, messages.text(lang, err.key), err.key, err.field),
      unexpected: false,
    };
  }
  if (err instanceof WriterUnavailableError) {
    // Nothing of the command was kept; the client may send it again (with the same idempotency key).
    return {
      status: 503,
      body: errorBody(variant, 'message', messages.text(lang, 'serviceBusy'), 'serviceBusy'),
      unexpected: false,
    };
  }
  const status = statusOf(err);
  if (status !== undefined && status >= 400 && status < 500) {
    const key = status === 404 ? 'notFound' : status === 429 ? 'rateLimited' : 'badRequest';
    return { status, body: errorBody(variant, 'message', messages.text(lang, key), key), unexpected: false };
  }
  return {
    status: 500,
    body: errorBody(variant, 'message', messages.text(lang, 'serverFault'), 'serverFault'),
    unexpected: true,
  };
}
