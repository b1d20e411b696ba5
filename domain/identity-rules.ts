import type { ErrorKey } from './errors';

/** The documents a person may verify with (spec §3: ID card or passport). */
export const KYC_DOC_TYPES = ['idCard', 'passport'] as const;
/** One of KYC_DOC_TYPES. */
export type KycDocType = (typeof KYC_DOC_TYPES)[number];

/** Longest legal name accepted, in characters. */
export const KYC_NAME_MAX = 60;

const NAME_SHAPE = /^[\p{L}\p{M}][\p{L}\p{M} .'·-]*[\p{L}\p{M}.]$/u;
const CN_RESIDENT_ID = /^\d{17}[\dX]$/;
const ID_CARD_SHAPE = /^(?=.*\d)[A-Z0-9]{6,20}$/;
const PASSPORT_SHAPE = /^(?=.*\d)[A-Z0-9]{6,9}$/;

/** A name as stored: trimmed, inner runs of white space made one space. */
export function normalizeKycName(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ');
}

/** An ID number as stored: spaces and hyphens removed, letters in upper case. */
export function normalizeIdNumber(raw: string): string {
  return raw.replace(/[\s-]/g, '').toUpperCase();
}

/** Problem with a legal name (already normalised), or null: letters with spaces, dots, apostrophes, hyphens. */
export function kycNameProblem(name: string): ErrorKey | null {
  if (name === '') return 'required';
  const length = [...name].length;
  if (length < 2 || length > KYC_NAME_MAX || !NAME_SHAPE.test(name)) return 'kycNameFormat';
  return null;
}

/** The ISO 7064 MOD 11-2 check character of an 18-character resident ID. */
function residentIdCheck(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * weights[i]!;
  return '10X98765432'[sum % 11]!;
}

/**
 * Problem with an ID number (already normalised) for its document, or null. An ID card is 6 to 20
 * letters and digits with at least one digit; an 18-character all-digit number is a resident ID
 * and its check character must match. A passport is 6 to 9 letters and digits with a digit.
 */
export function idNumberProblem(docType: KycDocType, idNumber: string): ErrorKey | null {
  if (idNumber === '') return 'required';
  if (docType === 'passport') return PASSPORT_SHAPE.test(idNumber) ? null : 'kycIdNumberFormat';
  if (!ID_CARD_SHAPE.test(idNumber)) return 'kycIdNumberFormat';
  if (CN_RESIDENT_ID.test(idNumber) && residentIdCheck(idNumber.slice(0, 17)) !== idNumber[17]) {
    return 'kycIdNumberFormat';
  }
  return null;
}

/** An ID number shown back: the first 2 and last 2 characters, the rest as `*`. */
export function maskIdNumber(idNumber: string): string {
  if (idNumber.length <= 4) return '*'.repeat(idNumber.length);
  return `${idNumber.slice(0, 2)}${'*'.repeat(idNumber.length - 4)}${idNumber.slice(-2)}`;
}

/** An account shown to someone else (a team member to an inviter): the middle hidden. */
export function maskAccount(account: string): string {
  const at = account.indexOf('@');
  if (at > 0) {
    const local = account.slice(0, at);
    return `${local.slice(0, Math.min(2, local.length))}***${account.slice(at)}`;
  }
  return account.length > 7 ? `${account.slice(0, 3)}****${account.slice(-4)}` : `${account.slice(0, 1)}***`;
}

/** Authorization codes: 8 characters of an alphabet without look-alikes. */
export const AUTH_CODE_PATTERN = /^[A-HJ-NP-Z2-9]{8}$/;

/** An authorization code as typed: spaces removed, upper case. */
export function normalizeAuthCode(raw: string): string {
  return raw.replace(/\s/g, '').toUpperCase();
}
