import {
  CODE_SCENES,
  accountKindOf,
  codeProblem,
  registerProblems,
  type AccountKind,
  type CodeScene,
  type Lang,
  type RegisterInput,
} from '../../domain';
import { fail, type TextCatalog, bool, requiredStr, str, sessionOf, type HandlerRegistry } from '../http';
import type { CodeMessage } from '../messaging';
import { CODE_TTL_MS } from './codes';
import { accountCheckLimits, codeLimits, loginLimits } from './limits';
import { dummyHash, hashPassword, verifyPassword } from './passwords';
import { grant, newPassword, withCreditScore, type MineDeps } from './shared';
import {
  AccountTakenError,
  createUser,
  findUserByAccount,
  findUserByPromo,
  normalizeAccount,
  requireUser,
  setPasswordHash,
  toUserInfo,
} from './users';

function codeScene(raw: string): CodeScene {
  if (raw === '') throw fail('required', 'scene');
  if (!(CODE_SCENES as readonly string[]).includes(raw)) throw fail('badRequest', 'scene');
  return raw as CodeScene;
}

/**
 * The message of a code in the language of the request that asked for it: `mine:outbox.subject`
 * (e-mail only) and `mine:outbox.message`, the texts the app shows, so both are translated alike.
 */
function codeMessage(texts: TextCatalog, lang: Lang, appName: string, code: string): CodeMessage {
  return {
    subject: texts.text(lang, 'outbox.subject', { app: appName }),
    body: texts.text(lang, 'outbox.message', { app: appName, code, minutes: CODE_TTL_MS / 60_000 }),
  };
}

function checkCode(code: string): void {
  const p = codeProblem(code);
  if (p) throw fail(p, 'code');
}

/** Sign-up, sign-in, recovery and the session: sms/send and the public user/* endpoints. */
export function registerAccountRoutes(registry: HandlerRegistry, deps: MineDeps): void {
  const { db, sessions, codes, tickets, sender, config, texts } = deps;

  registry.add(
    'sms/send',
    async ({ input, lang }) => {
      const account = normalizeAccount(requiredStr(input, 'account'));
      const scene = codeScene(str(input, 'scene').trim());
      const kind = accountKindOf(account);
      if (!kind) throw fail('accountFormat', 'account');
      const user = await findUserByAccount(db, account);
      if (scene === 'register' && user) throw fail('accountTaken', 'account');
      // Other scenes act on an existing account; the code only ever goes to that account's own
      // mobile or mailbox, so knowing an account name does not let anyone else receive its code.
      if (scene !== 'register' && !user) throw fail('accountUnknown', 'account');
      const code = await codes.issue(account, scene);
      await sender.send(account, kind, scene, codeMessage(texts, lang, config.appName, code), code);
      return { resendAfter: Math.ceil(config.rateLimits.codeResendMs / 1000) };
    },
    { limits: codeLimits(config.rateLimits) },
  );

  registry.add(
    'user/register',
    async ({ input }) => {
      const account = normalizeAccount(str(input, 'account'));
      const rawKind = str(input, 'kind');
      const kind: AccountKind =
        rawKind === 'mobile' || rawKind === 'email' ? rawKind : (accountKindOf(account) ?? 'mobile');
      const promo = str(input, 'promo').trim();
      const form: RegisterInput = {
        kind,
        account,
        code: str(input, 'code'),
        password: str(input, 'password'),
        confirm: str(input, 'confirm'),
        agree: bool(input, 'agree'),
        ...(promo !== '' && { promo }),
      };
      const problems = Object.entries(registerProblems(form));
      if (problems.length > 0) {
        const [field, key] = problems[0]!;
        throw fail(key, field);
      }
      if (await findUserByAccount(db, account)) throw fail('accountTaken', 'account');
      const referrer = promo !== '' ? await findUserByPromo(db, promo) : undefined;
      if (promo !== '' && !referrer) throw fail('promoCodeUnknown', 'promo');
      // Hash before consuming the code: hashing is the slow step and must not hold a transaction.
      const passwordHash = await hashPassword(form.password);
      await codes.consume(account, 'register', form.code);
      try {
        const user = await createUser(db, {
          account,
          kind,
          passwordHash,
          referrerId: referrer?.id ?? null,
          now: Date.now(),
        });
        return await grant(sessions, withCreditScore(deps, user));
      } catch (err) {
        if (err instanceof AccountTakenError) throw fail('accountTaken', 'account');
        throw err;
      }
    },
    // It answers accountTaken before looking at the code.
    { limits: accountCheckLimits(config.rateLimits) },
  );

  registry.add(
    'user/login',
    async ({ input }) => {
      const account = normalizeAccount(requiredStr(input, 'account'));
      const password = requiredStr(input, 'password');
      const user = await findUserByAccount(db, account);
      // Unknown accounts cost one verification too, so timing does not reveal which accounts exist.
      const ok = await verifyPassword(user?.password_hash ?? (await dummyHash()), password);
      if (!user || !ok) throw fail('incorrectPassword', 'password');
      return grant(sessions, withCreditScore(deps, user));
    },
    { limits: loginLimits(config.rateLimits) },
  );

  registry.add(
    'user/forget',
    async ({ input }) => {
      const account = normalizeAccount(requiredStr(input, 'account'));
      const code = str(input, 'code');
      checkCode(code);
      const user = await findUserByAccount(db, account);
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
    await setPasswordHash(db, userId, passwordHash);
    // Whoever knew the old password must not stay signed in.
    await sessions.revokeAllOf(userId);
    return {};
  });

  registry.add(
    'user/checkAccount',
    async ({ input }) => {
      const account = normalizeAccount(requiredStr(input, 'account'));
      return { exists: (await findUserByAccount(db, account)) !== undefined };
    },
    { limits: accountCheckLimits(config.rateLimits) },
  );

  registry.add('user/info', async (ctx) =>
    toUserInfo(withCreditScore(deps, await requireUser(db, sessionOf(ctx).userId))),
  );

  registry.add('user/logout', async (ctx) => {
    await sessions.revoke(sessionOf(ctx).tokenHash);
    return {};
  });
}
