import type { ErrorKey, FailKind } from '../../domain';

/**
 * A failure a handler means to report: the error mapper turns it into the endpoint's variant
 * envelope, with `key` localised into the caller's language.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    /** What the client should do: go to login, to KYC, to payment info, or show the message. */
    readonly kind: FailKind,
    /** Message key from domain/errors.ts. */
    readonly key: ErrorKey,
    /** The form field the problem belongs to, if any. */
    readonly field?: string,
    /**
     * HTTP status of the reply. Business and validation failures use 200 (see error-mapper.ts);
     * 401, 404 and 429 carry meaning for the client.
     */
    readonly httpStatus: number = 200,
  ) {
    super(key);
  }
}

/** A validation or business failure shown to the user as a message. */
export function fail(key: ErrorKey, field?: string): AppError {
  return new AppError('message', key, field);
}

/** The session is missing, expired or revoked: the client goes to login. */
export function loginRequired(): AppError {
  return new AppError('login', 'sessionInvalid');
}

/** The resource or endpoint does not exist (HTTP 404). */
export function notFound(): AppError {
  return new AppError('message', 'notFound', undefined, 404);
}
