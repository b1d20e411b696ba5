import { fail, requiredStr, sessionOf, type HandlerRegistry } from '../http';
import { accountCheckLimits, loginLimits } from './limits';
import { dummyHash, verifyPassword } from '../shared/passwords';
import { registerRecoveryRoutes } from './recovery-routes';
import { grant, withCreditScore, type MineDeps } from './shared';
import { registerSignupRoutes } from './signup-routes';
import { findUserByAccount, normalizeAccount, requireUser, toUserInfo } from './users';

/** Sign-up, sign-in, recovery and the session: sms/send and the public user/* endpoints. */
export function registerAccountRoutes(registry: HandlerRegistry, deps: MineDeps): void {
  const { engine, sessions, config } = deps;

  registerSignupRoutes(registry, deps);

  registry.add(
    'user/login',
    async ({ input }) => {
      const account = normalizeAccount(requiredStr(input, 'account'));
      const password = requiredStr(input, 'password');
      const user = await findUserByAccount(engine, account);
      // Unknown accounts cost one verification too, so timing does not reveal which accounts exist.
      const ok = await verifyPassword(user?.password_hash ?? (await dummyHash()), password);
      if (!user || !ok) throw fail('incorrectPassword', 'password');
      return engine.writer.run(async () => {
        // The password verified above must still be the user's: a reset committed in between
        // revoked every session, and this one must not outlive it.
        const current = await requireUser(engine, user.id);
        if (current.password_hash !== user.password_hash) throw fail('incorrectPassword', 'password');
        // Checked in the command that issues the session: a freeze committed before it wins. Only
        // someone who knows the password learns that the account is frozen.
        if (current.frozen_at !== null) throw fail('accountFrozen', 'account');
        return grant(sessions, await withCreditScore(deps, current));
      });
    },
    { limits: loginLimits(config.rateLimits) },
  );

  registerRecoveryRoutes(registry, deps);

  registry.add(
    'user/checkAccount',
    async ({ input }) => {
      const account = normalizeAccount(requiredStr(input, 'account'));
      return { exists: (await findUserByAccount(engine, account)) !== undefined };
    },
    { limits: accountCheckLimits(config.rateLimits) },
  );

  registry.add('user/info', async (ctx) =>
    toUserInfo(await withCreditScore(deps, await requireUser(engine, sessionOf(ctx).userId))),
  );

  registry.add('user/logout', async (ctx) => {
    await sessions.revoke(sessionOf(ctx).tokenHash);
    return {};
  });
}
