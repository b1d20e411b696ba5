// The edges of domain/identity-rules.ts: name and ID lengths on both sides of each limit, the
// resident ID check character for every weight position, the masks at their length boundaries and
// authorization codes. Written for mutation testing (docs/mutation.md).
import { describe, expect, it } from 'vitest';
import {
  AUTH_CODE_PATTERN,
  idNumberProblem,
  kycNameProblem,
  maskAccount,
  maskIdNumber,
  normalizeAuthCode,
  normalizeIdNumber,
  normalizeKycName,
} from '../../../domain/identity-rules';

/** The check character by ISO 7064 MOD 11-2, written independently of the rule under test. */
function check(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (2 ** (17 - i) % 11);
  return '10X98765432'[sum % 11]!;
}

describe('identity rules at their edges', () => {
  it('a name of 2 to 60 characters, starting with a letter and ending with a letter or dot', () => {
    expect(kycNameProblem('李雷')).toBeNull();
    expect(kycNameProblem('名'.repeat(60))).toBeNull();
    expect(kycNameProblem('名'.repeat(61))).toBe('kycNameFormat');
    expect(kycNameProblem('李')).toBe('kycNameFormat');
    expect(kycNameProblem('Li Jr.')).toBeNull();
    expect(kycNameProblem('.Li')).toBe('kycNameFormat');
    expect(kycNameProblem('Li-')).toBe('kycNameFormat');
    expect(kycNameProblem('Li\nLei')).toBe('kycNameFormat');
    expect(kycNameProblem('Jean·Li')).toBeNull();
    expect(normalizeKycName(' a \t b ')).toBe('a b');
  });

  it('the resident ID check character, for a change at any position', () => {
    const base = '11010519491231002';
    for (let i = 0; i < 17; i++) {
      const digits = base.slice(0, i) + String((Number(base[i]) + 1) % 10) + base.slice(i + 1);
      const id = digits + check(digits);
      expect(idNumberProblem('idCard', id)).toBeNull();
      const wrong = digits + (check(digits) === '0' ? '1' : '0');
      expect(idNumberProblem('idCard', wrong)).toBe('kycIdNumberFormat');
    }
    // 17 digits and a letter other than X: an ID card number of another country, not a resident ID.
    expect(idNumberProblem('idCard', '11010519491231002A')).toBeNull();
  });

  it('ID cards of 6 to 20, passports of 6 to 9, each with a digit', () => {
    expect(idNumberProblem('idCard', 'A12345')).toBeNull();
    expect(idNumberProblem('idCard', 'A1234')).toBe('kycIdNumberFormat');
    expect(idNumberProblem('idCard', `A${'1'.repeat(19)}`)).toBeNull();
    expect(idNumberProblem('passport', 'E12345')).toBeNull();
    expect(idNumberProblem('passport', 'E1234')).toBe('kycIdNumberFormat');
    expect(idNumberProblem('passport', 'E12345678')).toBeNull();
    expect(idNumberProblem('passport', 'ABCDEF')).toBe('kycIdNumberFormat');
    expect(idNumberProblem('passport', 'e12345')).toBe('kycIdNumberFormat');
    expect(idNumberProblem('passport', '')).toBe('required');
    expect(normalizeIdNumber(' e1-23 45 ')).toBe('E12345');
  });

  it('masks keep two characters at each end, short ones hidden whole', () => {
    expect(maskIdNumber('')).toBe('');
    expect(maskIdNumber('1234')).toBe('****');
    expect(maskIdNumber('12345')).toBe('12*45');
    expect(maskAccount('1234567')).toBe('1***');
    expect(maskAccount('12345678')).toBe('123****5678');
    expect(maskAccount('a@x.io')).toBe('a***@x.io');
    expect(maskAccount('@x.io')).toBe('@***');
    expect(maskAccount('abc@x.io')).toBe('ab***@x.io');
  });

  it('authorization codes: 8 characters without look-alikes, typed in any case with spaces', () => {
    expect(normalizeAuthCode(' abcd 2345 ')).toBe('ABCD2345');
    expect(AUTH_CODE_PATTERN.test('ABCD2345')).toBe(true);
    for (const bad of ['ABCD234', 'ABCD23456', 'ABCD2340', 'ABCD234I', 'ABCD234O', 'ABCD2341', 'abcd2345']) {
      expect(AUTH_CODE_PATTERN.test(bad)).toBe(false);
    }
  });
});
