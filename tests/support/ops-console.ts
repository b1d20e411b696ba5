// The operator console's test set-up (issue 26): a server with the review queues filled (an identity
// submission, a bank deposit, a withdrawal), the console opened in a browser, and the TOTP code of
// an enrolment secret.
import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';
import type { Lang, Theme } from '../../domain/locale';
import { smallPng } from '../e2e/funding-support';
import { callApi } from './api';
import { dataOf } from './assets';
import { bankDeposit, depositor } from './bank';
import { kycForm, submitKyc } from './identity';
import { registerUser } from './accounts';
import type { TestServer } from './server';
import { requestWithdraw, withdrawer } from './withdrawals';

/** A password long enough for operator accounts (domain/ops-api.ts OPS_PASSWORD_MIN). */
export const OPS_TEST_PASSWORD = 'correct horse battery';

/** The TOTP code an authenticator app shows now for the base32 `secret` (spaces ignored). */
export function totpNow(secret: string): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.replace(/\s+/g, '')) }).generate();
}

/** Uploads a visible test image (a grey PNG of `width`×`height`) as `token`'s user; its id. */
async function uploadImage(origin: string, token: string, width = 320, height = 200): Promise<string> {
  const res = await callApi(
    origin,
    'assets/upload',
    { mime: 'image/png', data: smallPng(width, height).toString('base64') },
    { json: true, token },
  );
  return dataOf<{ id: string }>(res).id;
}

/** One item waiting in each review queue the console's phase 1 works: KYC, bank deposit, withdrawal. */
export async function fillQueues(server: TestServer): Promise<{ accounts: string[] }> {
  const { origin } = server;
  const kyc = await registerUser(origin);
  const photos = {
    frontId: await uploadImage(origin, kyc.token),
    backId: await uploadImage(origin, kyc.token),
    handId: await uploadImage(origin, kyc.token, 200, 240),
  };
  await submitKyc(origin, kyc.token, kycForm(photos));
  const payer = await depositor(origin);
  dataOf(
    await bankDeposit(origin, payer.token, { proofId: await uploadImage(origin, payer.token, 240, 320) }),
  );
  const w = await withdrawer(server, '100');
  dataOf(await requestWithdraw(origin, w));
  return { accounts: [kyc.user.account, payer.account, w.account] };
}

/** The console's URL of `route` (below /ops/). */
export function consoleUrl(origin: string, route = ''): string {
  return `${origin}/ops/${route}`;
}

/** Opens the console with its language and theme chosen beforehand (as a returning operator). */
export async function openConsole(
  page: Page,
  origin: string,
  prefs: { lang: Lang; theme: Theme },
): Promise<void> {
  await page.addInitScript(
    ([lang, theme]) => {
      localStorage.setItem('ops.lang', lang);
      localStorage.setItem('ops.theme', theme);
    },
    [prefs.lang, prefs.theme] as const,
  );
  await page.goto(consoleUrl(origin));
  await page.getByTestId('sign-in-password').waitFor();
}

/**
 * Signs in through the console's pages: name and password, then enrolment (the secret read from the
 * page, the code computed from it) or the code of `secret`. Returns the enrolment secret.
 */
export async function signInConsole(
  page: Page,
  name: string,
  password: string,
  opts: { secret?: string; beforeCode?: () => Promise<void> } = {},
): Promise<string> {
  await page.getByTestId('sign-in-name').fill(name);
  await page.getByTestId('sign-in-password-input').fill(password);
  await page.getByTestId('sign-in-password').locator('button[type=submit]').click();
  const enrol = page.getByTestId('sign-in-enrol');
  await enrol.or(page.getByTestId('sign-in-totp')).waitFor();
  const secret = (await enrol.isVisible())
    ? ((await page.getByTestId('enrol-secret').textContent()) ?? '')
    : (opts.secret ?? '');
  await opts.beforeCode?.();
  await page.getByTestId('sign-in-code').fill(totpNow(secret));
  await page.getByTestId('sign-in-code').press('Enter');
  await page.getByTestId('dashboard').waitFor();
  return secret.replace(/\s+/g, '');
}

/**
 * Goes to a console page as an operator does, through the navigation (the menu on a phone): a page
 * load would start a new worker, and the session lives in the worker only.
 */
export async function goToPage(page: Page, path: string): Promise<void> {
  const menu = page.getByTestId('menu');
  if (await menu.isVisible()) await menu.click();
  await page.locator(`#side-nav a[data-page="${path}"]`).click();
}
