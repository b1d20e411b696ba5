import type { RateLimits } from '../config';
import { str, sessionOf, type LimitSpec } from '../http';
import { normalizeAccount } from './users';

/** Login budgets: per account (guessing one password) and per IP (spraying many accounts). */
export function loginLimits(l: RateLimits): LimitSpec[] {
  return [
    {
      max: l.loginPerAccount,
      windowMs: l.loginWindowMs,
      key: (ctx) => normalizeAccount(str(ctx.input, 'account')),
      errorKey: 'rateLimited',
    },
    { max: l.loginPerIp, windowMs: l.loginWindowMs, key: (ctx) => ctx.ip, errorKey: 'rateLimited' },
  ];
}

/** Code budgets: one per account and scene per resend interval, and a cap per IP (SMS costs money). */
export function codeLimits(l: RateLimits): LimitSpec[] {
  return [
    {
      max: 1,
      windowMs: l.codeResendMs,
      key: (ctx) => `${normalizeAccount(str(ctx.input, 'account'))}|${str(ctx.input, 'scene')}`,
      errorKey: 'tooManyCodes',
    },
    { max: l.codesPerIp, windowMs: l.codeIpWindowMs, key: (ctx) => ctx.ip, errorKey: 'tooManyCodes' },
  ];
}

/** Secret checks of a signed-in user (old password, trade password), so a stolen session cannot guess. */
export function perUserLimit(l: RateLimits): LimitSpec[] {
  return [
    {
      max: l.tradePwdChecksPerMinute,
      windowMs: 60_000,
      key: (ctx) => String(sessionOf(ctx).userId),
      errorKey: 'rateLimited',
    },
  ];
}

/**
 * Budget of the endpoints that reveal whether an account exists: per IP, like code sending, so the
 * answer cannot be harvested for a list of accounts.
 */
export function accountCheckLimits(l: RateLimits): LimitSpec[] {
  return [
    {
      max: l.accountChecksPerIp,
      windowMs: l.accountCheckWindowMs,
      key: (ctx) => ctx.ip,
      errorKey: 'rateLimited',
    },
  ];
}
