import { compareDecimalStrings } from './decimal-compare';
import { CODE_LENGTH, PASSWORD_MAX, PASSWORD_MIN } from './constants';
import type { ErrorKey } from './errors';

/** Mobile number: 1 followed by 10 digits (spec §5). */
export const MOBILE_PATTERN = /^1\d{10}$/;
/** E-mail: local part, @, domain, dot, 2 to 4 letters (spec §5). */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,4}$/;

/** How an account identifier was given: mobile number or e-mail. */
export type AccountKind = 'mobile' | 'email';

export const isMobile = (v: string): boolean => MOBILE_PATTERN.test(v);
/** Longest e-mail address SMTP can carry (RFC 5321 §4.5.3.1.3: a 256-octet path less the brackets). */
export const EMAIL_MAX = 254;
/** Longest local part (before the @) SMTP accepts (RFC 5321 §4.5.3.1.1). */
export const EMAIL_LOCAL_MAX = 64;

/** An e-mail address of the spec's shape that a mail server can also deliver to. */
export const isEmail = (v: string): boolean =>
  v.length <= EMAIL_MAX && v.indexOf('@') <= EMAIL_LOCAL_MAX && EMAIL_PATTERN.test(v);

/** Checks an account for the chosen kind; returns the message key of the first problem, or null. */
export function accountProblem(kind: AccountKind, value: string): ErrorKey | null {
  const v = value.trim();
  if (!v) return 'required';
  if (kind === 'mobile') return isMobile(v) ? null : 'mobileFormat';
  return isEmail(v) ? null : 'emailFormat';
}

/** Infers the kind of an account identifier, or null when it is neither a mobile number nor an e-mail. */
export function accountKindOf(value: string): AccountKind | null {
  if (isMobile(value)) return 'mobile';
  if (isEmail(value)) return 'email';
  return null;
}

/** A verification code is required and has CODE_LENGTH digits. */
export function codeProblem(code: string): ErrorKey | null {
  if (!code.trim()) return 'codeRequired';
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code.trim()) ? null : 'codeFormat';
}

const COMMON_PASSWORDS = new Set([
  'password',
  'passw0rd',
  'qwerty',
  'qwertyuiop',
  'abc123',
  'abcdef',
  'abcabc',
  'iloveyou',
  'admin123',
  'letmein',
  '1q2w3e4r',
  'a123456',
  '123456a',
  'qwe123',
  'asdfgh',
  'zxcvbn',
]);

function isSequence(p: string): boolean {
  if (p.length < 3) return false;
  const codes = [...p].map((c) => c.toLowerCase().charCodeAt(0));
  const step = codes[1]! - codes[0]!;
  if (Math.abs(step) !== 1) return false;
  return codes.every((c, i) => i === 0 || c - codes[i - 1]! === step);
}

/**
 * Password rule (spec §5, §9): 6–16 characters, not too simple. Too simple means: one repeated
 * character, a straight run (123456, abcdef, 654321), a well-known password, or only one class of
 * character (only digits, or only letters).
 */
export function passwordProblem(password: string): ErrorKey | null {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return 'passwordLength';
  const p = password.toLowerCase();
  if (/^(.)\1+$/.test(p) || isSequence(p) || COMMON_PASSWORDS.has(p)) return 'passwordTooSimple';
  const classes = [/[a-z]/i, /\d/, /[^a-z\d]/i].filter((re) => re.test(password)).length;
  if (classes < 2) return 'passwordTooSimple';
  return null;
}

/** Password and confirmation must match (spec §5). */
export function confirmProblem(password: string, confirm: string): ErrorKey | null {
  return password === confirm ? null : 'passwordsInconsistent';
}

/** Promotion codes: 4 to 12 letters or digits; optional where used. */
export const PROMO_PATTERN = /^[A-Za-z0-9]{4,12}$/;

/** The input of a registration, as the form and the server both check it. */
export interface RegisterInput {
  kind: AccountKind;
  account: string;
  code: string;
  password: string;
  confirm: string;
  promo?: string;
  agree: boolean;
}

/** Field-by-field problems of a registration; an empty object means valid. */
export function registerProblems(input: RegisterInput): Partial<Record<keyof RegisterInput, ErrorKey>> {
  const out: Partial<Record<keyof RegisterInput, ErrorKey>> = {};
  const account = accountProblem(input.kind, input.account);
  if (account) out.account = account;
  const code = codeProblem(input.code);
  if (code) out.code = code;
  const password = passwordProblem(input.password);
  if (password) out.password = password;
  const confirm = confirmProblem(input.password, input.confirm);
  if (confirm) out.confirm = confirm;
  if (input.promo && !PROMO_PATTERN.test(input.promo.trim())) out.promo = 'promoCodeUnknown';
  if (!input.agree) out.agree = 'agreementRequired';
  return out;
}

/** Store ads: the maximum trade volume must not be below the minimum (spec §5). Decimal strings. */
export function storeLimitsProblem(min: string, max: string): ErrorKey | null {
  const re = /^\d+(\.\d+)?$/;
  if (!re.test(min) || !re.test(max)) return 'amountFormat';
  return compareDecimalStrings(max, min) < 0 ? 'storeMaxBelowMin' : null;
}

/**
 * Transfer remarks must not contain coin names (spec §5); comparison ignores case. A name counts as
 * a word: not inside a longer run of Latin letters, so "ETH", "ETH2" and "转账BTC" are refused while
 * "together" (ETH) and "solution" (SOL) are fine.
 */
export function transferRemarkProblem(remark: string, coinNames: readonly string[]): ErrorKey | null {
  const r = remark.toLowerCase();
  const named = (c: string) => {
    const name = c.toLowerCase();
    for (let i = r.indexOf(name); i >= 0; i = r.indexOf(name, i + 1)) {
      const before = r[i - 1] ?? '';
      const after = r[i + name.length] ?? '';
      if (!/[a-z]/.test(before) && !/[a-z]/.test(after)) return true;
    }
    return false;
  };
  return coinNames.some((c) => c !== '' && named(c)) ? 'transferRemarkCoin' : null;
}

/** Hand count must lie within [min, max] (spec §5). */
export function handsProblem(hands: string, min: number, max: number): ErrorKey | null {
  if (!/^\d+$/.test(hands)) return 'amountFormat';
  const n = Number(hands);
  return n < min || n > max ? 'handsOutOfBounds' : null;
}

/** The bank card or wallet address used must match the bound one (spec §5); spaces and case ignored. */
export function boundMismatchProblem(used: string, bound: string | null | undefined): ErrorKey | null {
  if (!bound) return 'withdrawAddressRequired';
  const norm = (s: string) => s.replace(/\s+/g, '').toLowerCase();
  return norm(used) === norm(bound) ? null : 'boundMismatch';
}
