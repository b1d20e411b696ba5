import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../../domain/endpoints';
import { creditBreakdown } from '../../../domain/identity-credit';
import { creditAdvice } from '../../../src/pages/mine/identity/credit-advice';

const facts = { accountAgeDays: 3, filledOrders: 0, cancelledUnfilled: 0 };
const report = (identityVerified: boolean, tradePasswordSet: boolean) =>
  creditBreakdown({ ...facts, identityVerified, tradePasswordSet }, 0);
const user = (kyc: UserInfo['kyc'], hasTradePassword: boolean) => ({ kyc, hasTradePassword }) as UserInfo;

describe('credit advice follows the user (issue 29)', () => {
  it('names only the steps still open, each on its own', () => {
    expect(creditAdvice(report(false, false), user('none', false))).toEqual(['identity', 'tradePassword']);
    expect(creditAdvice(report(true, false), user('verified', false))).toEqual(['tradePassword']);
    expect(creditAdvice(report(false, true), user('none', true))).toEqual(['identity']);
  });

  it('advises nothing once both are done', () => {
    expect(creditAdvice(report(true, true), user('verified', true))).toEqual([]);
  });

  it('a report kept from before the steps does not bring the advice back', () => {
    expect(creditAdvice(report(false, false), user('verified', true))).toEqual([]);
    expect(creditAdvice(null, user('none', false))).toEqual([]);
  });
});
