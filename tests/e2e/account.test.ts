import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readOutboxCode } from '../support/server';
import { PHONE, open, uniqueEmail, serverAndBrowser } from '../support/e2e';

const PASSWORD = 'trade2024x';

/** The inline error text shown for a form field, or null. */
function fieldError(page: Page, field: string) {
  return page.locator(`.field__error[data-field="${field}"]`);
}

describe('account pages', () => {
  const env = serverAndBrowser();

  it('registers by e-mail with a code from the outbox, logs out and logs in again', async () => {
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    const email = uniqueEmail('reg');
    await open(page, env.server.origin, '/pages/mine/register', 'form');
    await page.getByRole('tab', { name: 'E-mail' }).click();
    await page.fill('input[type=email]', email);
    await page.click('[data-testid="send-code"]');
    // The countdown starts once the server accepted the request.
    await page.waitForFunction(() =>
      /\d/.test(document.querySelector('[data-testid="send-code"]')?.textContent ?? ''),
    );
    const code = await readOutboxCode(env.server.origin, email);
    await page.fill('input[autocomplete="one-time-code"]', code);
    const passwords = page.locator('input[autocomplete="new-password"]');
    await passwords.nth(0).fill(PASSWORD);
    await passwords.nth(1).fill(PASSWORD);
    await page.check('input[type=checkbox]');
    await page.click('button[type=submit]');

    await page.waitForURL(/#\/pages\/mine\/index$/);
    await page.locator('.profile__account', { hasText: email }).waitFor();

    await page.getByRole('button', { name: 'Keluar' }).click();
    await page.getByRole('link', { name: 'Masuk' }).first().waitFor();

    await open(page, env.server.origin, '/pages/mine/login', 'form');
    await page.getByRole('tab', { name: 'E-mail' }).click();
    await page.fill('input[type=email]', email);
    await page.fill('input[autocomplete="current-password"]', PASSWORD);
    await page.click('button[type=submit]');
    await page.waitForURL(/#\/pages\/mine\/index$/);
    await page.locator('.profile__account', { hasText: email }).waitFor();

    // The account is shown read-only in the account page.
    await open(page, env.server.origin, '/pages/mine/userCenter', '[data-testid="account-value"]');
    expect(await page.textContent('[data-testid="account-value"]')).toBe(email);
    expect(await page.locator('input').count()).toBe(0);
    await context.close();
  });

  it('shows inline errors for bad input and keeps what was typed', async () => {
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await open(page, env.server.origin, '/pages/mine/register', 'form');
    await page.fill('input[type=tel]', '12345');
    const passwords = page.locator('input[autocomplete="new-password"]');
    await passwords.nth(0).fill('123456');
    await passwords.nth(1).fill('1234567');
    await page.fill('input[autocomplete="off"]', 'x!');
    await page.click('button[type=submit]');

    await fieldError(page, 'mobile').waitFor();
    expect(await fieldError(page, 'mobile').textContent()).toContain('angka 1 diikuti 10 digit');
    expect(await fieldError(page, 'code').textContent()).toBe('Masukkan kode verifikasi');
    expect(await fieldError(page, 'password').textContent()).toContain('terlalu sederhana');
    expect(await fieldError(page, 'confirm').textContent()).toBe('Kata sandi tidak sama');
    expect(await fieldError(page, 'promo').count()).toBe(1);
    expect(await fieldError(page, 'agree').count()).toBe(1);
    // Nothing typed was lost.
    expect(await page.inputValue('input[type=tel]')).toBe('12345');
    expect(await passwords.nth(0).inputValue()).toBe('123456');
    expect(await passwords.nth(1).inputValue()).toBe('1234567');

    // Switching to e-mail and back keeps the mobile number too.
    await page.getByRole('tab', { name: 'E-mail' }).click();
    await page.getByRole('tab', { name: 'Ponsel' }).click();
    expect(await page.inputValue('input[type=tel]')).toBe('12345');

    // A server-side field error (wrong code) also lands inline, in the user's language.
    await page.fill('input[type=tel]', '13800138000');
    await page.fill('input[autocomplete="one-time-code"]', '000000');
    await passwords.nth(0).fill(PASSWORD);
    await passwords.nth(1).fill(PASSWORD);
    await page.fill('input[autocomplete="off"]', '');
    await page.check('input[type=checkbox]');
    await page.click('button[type=submit]');
    await fieldError(page, 'code').waitFor();
    expect(await fieldError(page, 'code').textContent()).toBe('Kode verifikasi salah');
    expect(await page.inputValue('input[type=tel]')).toBe('13800138000');
    await context.close();
  });

  it('shows the login password error next to the password', async () => {
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await open(page, env.server.origin, '/pages/mine/login', 'form');
    await page.fill('input[type=tel]', '13900139000');
    await page.fill('input[autocomplete="current-password"]', 'wrong-pass1');
    await page.click('button[type=submit]');
    await fieldError(page, 'password').waitFor();
    expect(await fieldError(page, 'password').textContent()).toBe('Kata sandi salah');
    expect(await page.inputValue('input[type=tel]')).toBe('13900139000');
    await context.close();
  });
});
