import { fail, requiredStr, str, type HandlerRegistry } from '../http';
import { accountCheckLimits } from './limits';
import { hashPassword } from '../shared/passwords';
import { checkCode, newPassword, type MineDeps } from './shared';
import { findUserByAccount, normalizeAccount, setPasswordHash } from './users';

/** A forgotten password: the code buys a ticket (`user/forget`), the ticket a new password. */
export function registerRecoveryRoutes(registry: HandlerRegistry, deps: MineDeps): void {
  const { engine, sessions, codes, tickets, config } = deps;

  registry.add(
    'user/forget',
    async ({ input }) => {
      const account = normalizeAccount(requiredStr(input, 'account'));
      const code = str(input, 'code');
      checkCode(code);
      const user = await findUserByAccount(engine, account);
      if (!user) throw fail('accountUnknown', 'account');
      return {
        ticket: await codes.consumeThen(account, 'forget', code, () => tickets.issue(user.id, 'forget')),
      };
    },
    // It answers accountUnknown before looking at the code.
    { limits: accountCheckLimits(config.rateLimits) },
  );

  registry.add('user/forgetNext', async ({ input }) => {
    const ticket = requiredStr(input, 'ticket');
    const password = newPassword(input);
    const passwordHash = await hashPassword(password);
    await engine.writer.run(async () => {
      const userId = await tickets.use(ticket, 'forget');
      await setPasswordHash(engine, userId, passwordHash);
      // Whoever knew the old password must not stay signed in.
      await sessions.revokeAllOf(userId);
    });
    return {};
  });
}
