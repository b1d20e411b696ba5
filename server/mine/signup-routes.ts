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
import { hashPassword } from '../shared/passwords';
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
  const { engine, sessions, codes, sender, config, texts } = deps;

  registry.add(
    'sms/send',
    async ({ input, lang }) => {
      const account = normalizeAccount(requiredStr(input, 'account'));
      const scene = codeScene(str(input, 'scene').trim());
      const kind = accountKindOf(account);
      if (!kind) throw fail('accountFormat', 'account');
      const user = await findUserByAccount(engine, account);
      if (scene === 'register' && user) throw fail('accountTaken', 'account');
      // Other scenes act on an existing account; the code only ever goes to that account's own
      // mobile or mailbox, so knowing an account name does not let anyone else receive its code.
      if (scene !== 'register' && !user) throw fail('accountUnknown', 'account');
      const code = await codes.issue(account, scene);
      // Delivery is a network call: after the code's command, never inside it.
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
      // Quick refusals from committed rows; the unique index decides inside the command.
      if (await findUserByAccount(engine, account)) throw fail('accountTaken', 'account');
      const referrer = promo !== '' ? await findUserByPromo(engine, promo) : undefined;
      if (promo !== '' && !referrer) throw fail('promoCodeUnknown', 'promo');
      // Hash before the command: hashing is the slow step and must not hold the writer.
      const passwordHash = await hashPassword(form.password);
      try {
        // The code is used up exactly when the account is made: a taken account leaves it live.
        return await codes.consumeThen(account, 'register', form.code, async () => {
          const user = await createUser(engine, {
            account,
            kind,
            passwordHash,
            referrerId: referrer?.id ?? null,
            now: Date.now(),
          });
          return grant(sessions, await withCreditScore(deps, user));
        });
      } catch (err) {
        if (err instanceof AccountTakenError) throw fail('accountTaken', 'account');
        throw err;
      }
    },
    // It answers accountTaken before looking at the code.
    { limits: accountCheckLimits(config.rateLimits) },
  );
}
