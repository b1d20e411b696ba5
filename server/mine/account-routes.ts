import { fail, requiredStr, sessionOf, type HandlerRegistry } from '../http';
import { accountCheckLimits, loginLimits } from './limits';
import { dummyHash, verifyPassword } from './passwords';
import { registerRecoveryRoutes } from './recovery-routes';
import { grant, withCreditScore, type MineDeps } from './shared';
import { registerSignupRoutes } from './signup-routes';
import { findUserByAccount, normalizeAccount, requireUser, toUserInfo } from './users';

/** Sign-up, sign-in, recovery and the session: sms/send and the public user/* endpoints. */
export function registerAccountRoutes(registry: HandlerRegistry, deps: MineDeps): void {
  const { sqlite, sessions, config } = deps;

  registerSignupRoutes(registry, deps);

  registry.add(
    'user/login',
    async ({ input }) => {
      const account = normalizeAccount(requiredStr(input, 'account'));
      const password = requiredStr(input, 'password');
      const user = findUserByAccount(sqlite, account);
      // Unknown accounts cost one verification too, so timing does not reveal which accounts exist.
      const ok = await verifyPassword(user?.password_hash ?? (await dummyHash()), password);
      if (!user || !ok) throw fail('incorrectPassword', 'password');
      return grant(sessions, withCreditScore(deps, user));
    },
    { limits: loginLimits(config.rateLimits) },
  );

  registerRecoveryRoutes(registry, deps);

  registry.add(
    'user/checkAccount',
    async ({ input }) => {
      const account = normalizeAccount(requiredStr(input, 'account'));
      return { exists: findUserByAccount(sqlite, account) !== undefined };
    },
    { limits: accountCheckLimits(config.rateLimits) },
  );

  registry.add('user/info', async (ctx) =>
    toUserInfo(withCreditScore(deps, requireUser(sqlite, sessionOf(ctx).userId))),
  );

  registry.add('user/logout', async (ctx) => {
    await sessions.revoke(sessionOf(ctx).tokenHash);
    return {};
  });
}
