import { fail, requiredStr, str, type HandlerRegistry } from '../http';
import { accountCheckLimits } from './limits';
import { hashPassword } from './passwords';
import { checkCode, newPassword, type MineDeps } from './shared';
import { findUserByAccount, normalizeAccount, setPasswordHash } from './users';

/** A forgotten password: the code buys a ticket (`user/forget`), the ticket a new password. */
export function registerRecoveryRoutes(registry: HandlerRegistry, deps: MineDeps): void {
  const { sqlite, sessions, codes, tickets, config } = deps;

  registry.add(
    'user/forget',
    async ({ input }) => {
      const account = normalizeAccount(requiredStr(input, 'account'));
      const code = str(input, 'code');
      checkCode(code);
      const user = findUserByAccount(sqlite, account);
      if (!user) throw fail('accountUnknown', 'account');
      await codes.consume(account, 'forget', code);
      return { ticket: await tickets.issue(user.id, 'forget') };
    },
    // It answers accountUnknown before looking at the code.
    { limits: accountCheckLimits(config.rateLimits) },
  );

  registry.add('user/forgetNext', async ({ input }) => {
    const ticket = requiredStr(input, 'ticket');
    const password = newPassword(input);
    const passwordHash = await hashPassword(password);
    const userId = await tickets.use(ticket, 'forget');
    setPasswordHash(sqlite, userId, passwordHash);
    // Whoever knew the old password must not stay signed in.
    await sessions.revokeAllOf(userId);
    return {};
  });
}
