import { fail, requiredStr, str, sessionOf, type HandlerRegistry } from '../http';
import { perUserLimit } from './limits';
import { requireTradePassword } from './trade-password';
import { hashPassword, verifyPassword } from '../shared/passwords';
import { checkCode, newPassword, type MineDeps } from './shared';
import { requireUser, setPasswordHash, setTradePasswordHash } from './users';

/** Password and trade-password management of the signed-in user (variant 3). */
export function registerSecurityRoutes(registry: HandlerRegistry, deps: MineDeps): void {
  const { engine, sessions, codes, tickets, config } = deps;

  registry.add(
    'user/modifyPwd',
    async (ctx) => {
      const session = sessionOf(ctx);
      const old = requiredStr(ctx.input, 'oldPassword');
      const user = await requireUser(engine, session.userId);
      if (!(await verifyPassword(user.password_hash, old))) throw fail('incorrectPassword', 'oldPassword');
      const ticket = await engine.writer.run(async () => {
        // The password verified above must still be the one in force when the ticket is issued.
        const current = await requireUser(engine, user.id);
        if (current.password_hash !== user.password_hash) throw fail('incorrectPassword', 'oldPassword');
        return tickets.issue(user.id, 'modifyPwd');
      });
      return { ticket };
    },
    { limits: perUserLimit(config.rateLimits) },
  );

  registry.add('user/modifyPwdNext', async (ctx) => {
    const session = sessionOf(ctx);
    const ticket = requiredStr(ctx.input, 'ticket');
    const password = newPassword(ctx.input);
    // The ticket first: only someone who just proved the old password may learn it is the same.
    await tickets.check(ticket, 'modifyPwd', session.userId);
    const user = await requireUser(engine, session.userId);
    if (await verifyPassword(user.password_hash, password)) throw fail('passwordUnchanged', 'password');
    const passwordHash = await hashPassword(password);
    await engine.writer.run(async () => {
      await tickets.use(ticket, 'modifyPwd', session.userId);
      await setPasswordHash(engine, session.userId, passwordHash);
      // The caller stays signed in; every other device must sign in with the new password.
      await sessions.revokeAllOf(session.userId, session.tokenHash);
    });
    return {};
  });

  registry.add('user/setPwd', async (ctx) => {
    const session = sessionOf(ctx);
    const code = str(ctx.input, 'code');
    checkCode(code);
    const password = newPassword(ctx.input);
    const user = await requireUser(engine, session.userId);
    // The code first, so this answer cannot be used to test guesses of the current password.
    await codes.check(user.account, 'setPwd', code);
    if (await verifyPassword(user.password_hash, password)) throw fail('passwordUnchanged', 'password');
    const passwordHash = await hashPassword(password);
    await codes.consumeThen(user.account, 'setPwd', code, async () => {
      await setPasswordHash(engine, user.id, passwordHash);
      await sessions.revokeAllOf(user.id, session.tokenHash);
    });
    return {};
  });

  registry.add('user/tradePwd', async (ctx) => {
    const session = sessionOf(ctx);
    const code = str(ctx.input, 'code');
    checkCode(code);
    const password = newPassword(ctx.input);
    const user = await requireUser(engine, session.userId);
    // The code first, so these answers cannot be used to test guesses of either password.
    await codes.check(user.account, 'tradePwd', code);
    // One leaked secret must not unlock both signing in and moving funds.
    if (await verifyPassword(user.password_hash, password)) throw fail('tradePasswordSame', 'password');
    if (user.trade_password_hash !== null && (await verifyPassword(user.trade_password_hash, password)))
      throw fail('passwordUnchanged', 'password');
    const hash = await hashPassword(password);
    await codes.consumeThen(user.account, 'tradePwd', code, () =>
      setTradePasswordHash(engine, user.id, hash),
    );
    return {};
  });

  registry.add(
    'user/checkTradePwd',
    async (ctx) => {
      await requireTradePassword(engine, sessionOf(ctx).userId, str(ctx.input, 'tradePassword'));
      return {};
    },
    { limits: perUserLimit(config.rateLimits) },
  );
}
