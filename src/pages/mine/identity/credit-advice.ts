import type { CreditReport } from '../../../../domain/identity-credit';
import type { UserInfo } from '../../../../domain/endpoints';

/** A step that raises the score: verify the identity, set a trade password. */
export type CreditStep = 'identity' | 'tradePassword';

/** Where each step is done. */
export const STEP_ROUTES: Readonly<Record<CreditStep, string>> = {
  identity: '/pages/mine/real_authentication',
  tradePassword: '/pages/mine/resetLegalPwd',
};

/**
 * The steps still open for this user, each on its own: one sentence naming both stayed after both
 * were done (issue 29). A step is advised only while the report scores it 0 AND the signed-in
 * user's own state says it is not done: the report may be the copy kept from an earlier visit,
 * while the user's state is read at every start and after each verification.
 */
export function creditAdvice(report: CreditReport | null, user: UserInfo | null): CreditStep[] {
  if (!report) return [];
  const open = (key: CreditStep) => report.factors.some((f) => f.key === key && f.points === 0);
  const steps: CreditStep[] = [];
  if (open('identity') && user?.kyc !== 'verified') steps.push('identity');
  if (open('tradePassword') && !user?.hasTradePassword) steps.push('tradePassword');
  return steps;
}
