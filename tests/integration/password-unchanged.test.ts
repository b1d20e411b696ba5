import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, registerUser } from '../support/accounts';
import { callApi, type RawReply } from '../support/api';
import { readOutboxCode, startTestServer, TEST_RATE_LIMITS, type TestServer } from '../support/server';
import { call, dataOf, errorText } from '../support/assets';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    simMarket: false,
    rateLimits: {
      ...TEST_RATE_LIMITS,
      codeResendMs: 1,
    },
  });
});
afterAll(() => server?.close());

const refusedWith = (reply: RawReply, key: string, field: string, lang = 'id') =>
  expect(reply.body).toMatchObject({ key, field, msg: errorText(lang, key) });

async function code(account: string, scene: 'setPwd' | 'tradePwd'): Promise<string> {
  const sent = await callApi(server.origin, 'sms/send', { account, scene });
  if (sent.body?.type !== 'ok') throw new Error(`sms/send failed: ${sent.text}`);
  return readOutboxCode(server.origin, account);
}

describe('a new password equal to the current one is refused, in the user’s language', () => {
  it('user/modifyPwdNext; the ticket stays usable for a different password', async () => {
    const { token, user } = await registerUser(server.origin);
    const { ticket } = dataOf<{ ticket: string }>(
      await call(server.origin, 'user/modifyPwd', token, { oldPassword: TEST_PASSWORD }),
    );
    const same = { ticket, password: TEST_PASSWORD, confirm: TEST_PASSWORD };
    refusedWith(
      await call(server.origin, 'user/modifyPwdNext', token, same, 'id'),
      'passwordUnchanged',
      'password',
    );
    dataOf(
      await call(server.origin, 'user/modifyPwdNext', token, {
        ticket,
        password: 'Other4567',
        confirm: 'Other4567',
      }),
    );
    const login = await callApi(server.origin, 'user/login', {
      account: user.account,
      password: 'Other4567',
    });
    expect(login.body?.type).toBe('ok');
  });

  it('user/setPwd; the code stays usable', async () => {
    const { token, user } = await registerUser(server.origin);
    const c = await code(user.account, 'setPwd');
    const same = { code: c, password: TEST_PASSWORD, confirm: TEST_PASSWORD };
    refusedWith(await call(server.origin, 'user/setPwd', token, same, 'id'), 'passwordUnchanged', 'password');
    dataOf(
      await call(server.origin, 'user/setPwd', token, {
        code: c,
        password: 'Other4567',
        confirm: 'Other4567',
      }),
    );
  });

  it('user/tradePwd: the same trade password again', async () => {
    const { token, user } = await registerUser(server.origin);
    const first = await code(user.account, 'tradePwd');
    dataOf(
      await call(server.origin, 'user/tradePwd', token, {
        code: first,
        password: 'Trade777x',
        confirm: 'Trade777x',
      }),
    );
    const again = await code(user.account, 'tradePwd');
    refusedWith(
      await call(
        server.origin,
        'user/tradePwd',
        token,
        { code: again, password: 'Trade777x', confirm: 'Trade777x' },
        'id',
      ),
      'passwordUnchanged',
      'password',
    );
    dataOf(
      await call(server.origin, 'user/tradePwd', token, {
        code: again,
        password: 'Trade888x',
        confirm: 'Trade888x',
      }),
    );
  });

  it('without a valid code or ticket the answer says nothing about the current passwords', async () => {
    const { token, user } = await registerUser(server.origin);
    await code(user.account, 'setPwd');
    await code(user.account, 'tradePwd');
    const guess = { password: TEST_PASSWORD, confirm: TEST_PASSWORD };
    refusedWith(
      await call(server.origin, 'user/setPwd', token, { code: '000000', ...guess }, 'id'),
      'codeWrong',
      'code',
    );
    refusedWith(
      await call(server.origin, 'user/tradePwd', token, { code: '000000', ...guess }, 'id'),
      'codeWrong',
      'code',
    );
    refusedWith(
      await call(server.origin, 'user/modifyPwdNext', token, { ticket: 'bogus', ...guess }, 'id'),
      'ticketExpired',
      'ticket',
    );
  });
});
