import { describe, expect, it } from 'vitest';
import { accountKindOf, accountProblem, EMAIL_LOCAL_MAX, EMAIL_MAX, isEmail } from '../../../domain/rules';

/** `local@domain` where the domain is padded with labels up to `total` characters. */
function address(localLength: number, total: number): string {
  const local = 'a'.repeat(localLength);
  let domain = 'example.com';
  while (local.length + 1 + domain.length < total) {
    const room = total - (local.length + 1 + domain.length) - 1;
    domain = `${'b'.repeat(Math.max(1, Math.min(room, 50)))}.${domain}`;
  }
  return `${local}@${domain}`;
}

describe('the e-mail rule limits the local part to 64 and the address to 254 characters', () => {
  it('accepts the limits exactly', () => {
    expect(address(EMAIL_LOCAL_MAX, 80)).toHaveLength(80);
    expect(isEmail(address(EMAIL_LOCAL_MAX, 80))).toBe(true);
    const longest = address(EMAIL_LOCAL_MAX, EMAIL_MAX);
    expect(longest).toHaveLength(EMAIL_MAX);
    expect(isEmail(longest)).toBe(true);
    expect(accountProblem('email', longest)).toBeNull();
    expect(accountKindOf(longest)).toBe('email');
  });

  it('refuses a local part of 65 and the probe’s 300', () => {
    for (const length of [EMAIL_LOCAL_MAX + 1, 300]) {
      const v = `${'a'.repeat(length)}@example.com`;
      expect(isEmail(v)).toBe(false);
      expect(accountProblem('email', v)).toBe('emailFormat');
      // The server decides the account kind with the same rule: such an account is neither kind.
      expect(accountKindOf(v)).toBeNull();
    }
  });

  it('refuses an address of 255', () => {
    const v = address(10, EMAIL_MAX + 1);
    expect(v).toHaveLength(EMAIL_MAX + 1);
    expect(isEmail(v)).toBe(false);
    expect(accountProblem('email', v)).toBe('emailFormat');
  });
});
