import { describe, expect, it } from 'vitest';
import { startTestServer } from '../support/server';
import { PHONE, appUrl, serverAndBrowser } from '../support/e2e';

describe('choose and open a location', () => {
  const env = serverAndBrowser(() => startTestServer({ simMarket: false }));

  it('uses the device position on tap, and opens it as coordinates with a geo: link, without map tiles', async () => {
    const context = await env.browser.newContext({
      ...PHONE,
      permissions: ['geolocation'],
      geolocation: { latitude: -6.2, longitude: 106.816666 },
    });
    const page = await context.newPage();
    const foreign: string[] = [];
    page.on(
      'request',
      (r) => !r.url().startsWith(env.server.origin) && !r.url().startsWith('data:') && foreign.push(r.url()),
    );
    await page.goto(appUrl(env.server.origin, '/choose-location'));
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
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(appUrl(env.server.origin, '/choose-location'));
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
    await page.goto(appUrl(env.server.origin, '/open-location?lat=abc&lng=1'));
    await page.getByTestId('open-location-invalid').waitFor();
    await context.close();
  });
});
