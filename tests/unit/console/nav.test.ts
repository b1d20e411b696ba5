// The console's navigation shows each role the pages whose duty it holds (domain/ops-api.ts).
import { describe, expect, it } from 'vitest';
import { OPS_ROLES, ROLE_DUTIES } from '../../../domain/ops-api';
import { PAGES } from '../../../console/src/pages/registry';
import { pageOf, visiblePages } from '../../../console/src/shell/nav';

const shown = (role: (typeof OPS_ROLES)[number]) => visiblePages(PAGES, ROLE_DUTIES[role]).map((p) => p.path);

describe('role-based navigation', () => {
  it('shows admins the admin pages and their own tokens', () => {
    expect(shown('admin')).toEqual([
      '',
      'kyc',
      'bank-deposits',
      'withdrawals',
      'users',
      'house',
      'merchant-applications',
      'appeals',
      'p2p-freezes',
      'listings',
      'ieo',
      'earn',
      'inbox',
      'publish',
      'live',
      'audit',
      'operators',
      'tokens',
    ]);
  });

  it('hides the audit trail and the operators from every other role', () => {
    for (const role of ['reviewer', 'support', 'viewer'] as const) {
      expect(shown(role)).toEqual([
        '',
        'kyc',
        'bank-deposits',
        'withdrawals',
        'users',
        'house',
        'merchant-applications',
        'appeals',
        'p2p-freezes',
        'listings',
        'ieo',
        'earn',
        'inbox',
        'publish',
        'live',
        'tokens',
      ]);
    }
  });

  it('shows nothing to an operator without duties', () => {
    expect(visiblePages(PAGES, [])).toEqual([]);
  });

  it('gives every page a distinct path and a duty some role holds', () => {
    expect(new Set(PAGES.map((p) => p.path)).size).toBe(PAGES.length);
    for (const page of PAGES) expect(OPS_ROLES.some((r) => ROLE_DUTIES[r].includes(page.duty))).toBe(true);
  });

  it('finds the page of a nested path', () => {
    expect(pageOf(PAGES, '/withdrawals/12')?.path).toBe('withdrawals');
    expect(pageOf(PAGES, '/')?.path).toBe('');
  });
});
