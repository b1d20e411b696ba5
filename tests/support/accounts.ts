import { accountKindOf, type SessionGrant } from '../../domain';
import { callApi } from './api';
import { readOutboxCode } from './server';

/** A password that passes the spec §5 rules. */
export const TEST_PASSWORD = 'Secret123';

let counter = 0;
/** A fresh mobile number (1 + 10 digits) unlikely to repeat within one test run. */
export function freshMobile(): string {
  counter += 1;
  return `1${String(Date.now() % 1e6).padStart(6, '0')}${String(counter % 1e4).padStart(4, '0')}`;
}

/**
 * Registers `account` through the real endpoints (sms/send → outbox → user/register) and returns
 * the session grant. Throws with the reply when a step fails.
 */
export async function registerUser(
  origin: string,
  account: string = freshMobile(),
  password: string = TEST_PASSWORD,
  extra: { promo?: string } = {},
): Promise<SessionGrant> {
  const sent = await callApi(origin, 'sms/send', { account, scene: 'register' });
  if (sent.body?.type !== 'ok') throw new Error(`sms/send failed: ${sent.status} ${sent.text}`);
  const code = await readOutboxCode(origin, account);
  const kind = accountKindOf(account) ?? 'mobile';
  const reg = await callApi(origin, 'user/register', {
    kind,
    account,
    code,
    password,
    confirm: password,
    agree: 'true',
    ...(extra.promo !== undefined && { promo: extra.promo }),
  });
  if (reg.body?.type !== 'ok') throw new Error(`user/register failed: ${reg.status} ${reg.text}`);
  return reg.body.message as SessionGrant;
}

/** Logs `account` in through `user/login` (no page) and returns the grant; throws with the reply when refused. */
export async function loginByApi(
  origin: string,
  account: string,
  password = TEST_PASSWORD,
): Promise<SessionGrant> {
  const reply = await callApi(origin, 'user/login', { account, password });
  if (reply.body?.type !== 'ok') throw new Error(`login failed: ${reply.text}`);
  return reply.body.message as SessionGrant;
}
