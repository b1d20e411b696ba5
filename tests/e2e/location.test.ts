import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/server';
import { PHONE, appUrl, launchBrowser } from './support';

describe('choose and open a location', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ simMarket: false }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('uses the device position on tap, and opens it as coordinates with a geo: link, without map tiles', async () => {
    const context = await browser.newContext({
      ...PHONE,
      permissions: ['geolocation'],
      geolocation: { latitude: -6.2, longitude: 106.816666 },
    });
    const page = await context.newPage();
    const foreign: string[] = [];
    page.on(
      'request',
      (r) => !r.url().startsWith(server.origin) && !r.url().startsWith('data:') && foreign.push(r.url()),
    );
    await page.goto(appUrl(server.origin, '/choose-location'));
    await page.getByTestId('locate').click();
    await page.getByTestId('located').waitFor();
    expect(await page.getByTestId('located').textContent()).toBe('6.200000° S, 106.816666° E');
    await page.getByTestId('choose').click();
    await page.getByTestId('open-location').waitFor();
    expect(await page.getByTestId('geo-link').getAttribute('href')).toBe(
      'geo:-6.200000,106.816666?q=-6.200000,106.816666',
    );
    expect(foreign).toEqual([]);
    await context.close();
  });

  it('says so clearly when permission is refused, and takes typed coordinates instead', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(appUrl(server.origin, '/choose-location'));
    await page.getByTestId('locate').click();
    await page.locator('[data-testid="locate-error"][data-reason="denied"]').waitFor();
    await page.getByTestId('lat').fill('95');
    await page.getByTestId('lng').fill('10');
    await page.getByTestId('choose').click();
    await page.getByTestId('coords-error').waitFor();
    await page.getByTestId('lat').fill('48.8584');
    await page.getByTestId('lng').fill('2.2945');
    await page.getByTestId('choose').click();
    await page.getByTestId('open-location').waitFor();
    expect(await page.getByTestId('coords').textContent()).toBe('48.858400° N, 2.294500° E');
    await page.goto(appUrl(server.origin, '/open-location?lat=abc&lng=1'));
    await page.getByTestId('open-location-invalid').waitFor();
    await context.close();
  });
});
