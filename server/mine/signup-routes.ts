import {
  CODE_SCENES,
  accountKindOf,
  registerProblems,
  type AccountKind,
  type CodeScene,
  type Lang,
  type RegisterInput,
} from '../../domain';
import { fail, type TextCatalog, bool, requiredStr, str, type HandlerRegistry } from '../http';
import type { CodeMessage } from '../messaging';
import { CODE_TTL_MS } from './codes';
import { accountCheckLimits, codeLimits } from './limits';
import { hashPassword } from './passwords';
import { grant, withCreditScore, type MineDeps } from './shared';
import { AccountTakenError, createUser, findUserByAccount, findUserByPromo, normalizeAccount } from './users';

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

/** Verification codes (`sms/send`, for every scene) and sign-up (`user/register`). */
export function registerSignupRoutes(registry: HandlerRegistry, deps: MineDeps): void {
  const { sqlite, sessions, codes, sender, config, texts } = deps;

  registry.add(
    'sms/send',
    async ({ input, lang }) => {
      const account = normalizeAccount(requiredStr(input, 'account'));
      const scene = codeScene(str(input, 'scene').trim());
      const kind = accountKindOf(account);
      if (!kind) throw fail('accountFormat', 'account');
      const user = findUserByAccount(sqlite, account);
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
      if (findUserByAccount(sqlite, account)) throw fail('accountTaken', 'account');
      const referrer = promo !== '' ? findUserByPromo(sqlite, promo) : undefined;
      if (promo !== '' && !referrer) throw fail('promoCodeUnknown', 'promo');
      // Hash before consuming the code: hashing is the slow step and must not hold a transaction.
      const passwordHash = await hashPassword(form.password);
      await codes.consume(account, 'register', form.code);
      try {
        const user = createUser(sqlite, {
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
}
