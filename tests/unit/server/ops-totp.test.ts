import { describe, expect, it } from 'vitest';
import { OPS_TICKET_MS } from '../../../domain';
import { TicketBook } from '../../../server/ops/tickets';
import { acceptTotp, newTotpSecret, totpCode, totpUri, TOTP_STEP_MS } from '../../../server/ops/totp';

// RFC 6238's SHA-1 test secret ("12345678901234567890") in base32, and its published vectors (last 6 digits).
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP rules', () => {
  it('computes the RFC 6238 SHA-1 vectors', () => {
    expect(totpCode(RFC_SECRET, 59_000)).toBe('287082');
    expect(totpCode(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(RFC_SECRET, 2_000_000_000_000)).toBe('279037');
  });

  it('accepts the current step and one either side, not two', () => {
    const now = 1_700_000_000_000;
    const step = Math.floor(now / TOTP_STEP_MS);
    for (const offset of [-1, 0, 1]) {
      expect(acceptTotp(RFC_SECRET, totpCode(RFC_SECRET, now + offset * TOTP_STEP_MS), null, now)).toBe(
        step + offset,
      );
    }
    for (const offset of [-2, 2]) {
      expect(acceptTotp(RFC_SECRET, totpCode(RFC_SECRET, now + offset * TOTP_STEP_MS), null, now)).toBeNull();
    }
  });

  it('refuses a step already used, and any before it (replay)', () => {
    const now = 1_700_000_000_000;
    const step = Math.floor(now / TOTP_STEP_MS);
    const code = totpCode(RFC_SECRET, now);
    expect(acceptTotp(RFC_SECRET, code, step - 1, now)).toBe(step);
    expect(acceptTotp(RFC_SECRET, code, step, now)).toBeNull();
    expect(acceptTotp(RFC_SECRET, totpCode(RFC_SECRET, now - TOTP_STEP_MS), step, now)).toBeNull();
    expect(acceptTotp(RFC_SECRET, totpCode(RFC_SECRET, now + TOTP_STEP_MS), step, now)).toBe(step + 1);
  });

  it('refuses anything but six digits', () => {
    const now = 1_700_000_000_000;
    const code = totpCode(RFC_SECRET, now);
    for (const bad of ['', `${code}0`, code.slice(1), ` ${code}`, 'abcdef']) {
      expect(acceptTotp(RFC_SECRET, bad, null, now)).toBeNull();
    }
  });

  it('draws 160-bit secrets and names issuer, account and parameters in the URI', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(totpUri('alice', secret));
    expect(`${uri.protocol}//${uri.host}`).toBe('otpauth://totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Exchange ops:alice');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      issuer: 'Exchange ops',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});

describe('sign-in tickets', () => {
  it('live OPS_TICKET_MS, then are gone', () => {
    let now = 1_000;
    const book = new TicketBook(() => now);
    const t = book.issue({ operatorId: 1, name: 'alice' });
    expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
    now += OPS_TICKET_MS - 1;
    expect(book.peek(t)).toMatchObject({ operatorId: 1, name: 'alice' });
    now += 1;
    expect(book.peek(t)).toBeNull();
  });

  it('are spent once, and dropped with their operator', () => {
    const book = new TicketBook(() => 0);
    const a = book.issue({ operatorId: 1, name: 'alice', enrolSecret: 'X' });
    const b = book.issue({ operatorId: 2, name: 'bob' });
    const c = book.issue({ operatorId: 2, name: 'bob' });
    expect(book.peek(a)?.enrolSecret).toBe('X');
    book.spend(a);
    expect(book.peek(a)).toBeNull();
    book.dropOf(2);
    expect([book.peek(b), book.peek(c)]).toEqual([null, null]);
    expect(book.peek('unknown')).toBeNull();
  });
});
