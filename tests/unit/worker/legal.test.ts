import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../worker/core';
import { legalParse, legalQuote } from '../../../worker/legal/legal';
import { FakeWebSocket, fakeFetch, json } from './fakes';

const ORIGIN = 'http://core.test:8080';
const cores: Core[] = [];
afterEach(async () => {
  for (const c of cores.splice(0)) await c.dispose();
});

describe('worker legal', () => {
  it('converts a take exactly, by amount and by quantity, in the language number format', () => {
    const ad = { price: '7.00', min: '10', max: '7000', remaining: '500', coinDecimals: 2, locale: 'en' };
    expect(legalQuote({ ...ad, by: 'amount', text: '100' })).toEqual({
      value: '100',
      qty: '14.28',
      amount: '99.96',
      problem: null,
    });
    expect(legalQuote({ ...ad, price: '7.10', by: 'qty', text: '20,009', locale: 'id' })).toMatchObject({
      value: '20.009',
      qty: '20.00',
      amount: '142.00',
      problem: null,
    });
    expect(legalQuote({ ...ad, by: 'qty', text: '' }).problem).toBeNull();
    expect(legalQuote({ ...ad, by: 'amount', text: '1,5,0' }).problem).toBe('invalid');
    expect(legalQuote({ ...ad, by: 'amount', text: '9.99' }).problem).toBe('outside');
    expect(legalQuote({ ...ad, by: 'amount', text: '7100' }).problem).toBe('outside');
    expect(legalQuote({ ...ad, by: 'qty', text: '1100' }).problem).toBe('outside');
    expect(legalQuote({ ...ad, by: 'qty', text: '600' }).problem).toBe('beyond');
  });

  it('reads a form in the language format and applies the store limits rule', () => {
    expect(legalParse({ min: '1.000', max: '500' }, 'id')).toEqual({
      values: { min: '1000', max: '500' },
      limits: 'storeMaxBelowMin',
    });
    expect(legalParse({ min: '10', max: 'x' }, 'en')).toEqual({
      values: { min: '10', max: null },
      limits: null,
    });
  });

  it('keeps the last fiat reads on the device, per request, and answers them offline', async () => {
    let online = true;
    const ads = [{ id: 1, price: '7.00' }];
    const fetch = fakeFetch(() =>
      online ? json(200, { code: 200, data: ads, msg: '' }) : { throws: new TypeError('offline') },
    );
    const c = createCore({ fetch, WebSocket: FakeWebSocket, indexedDB, IDBKeyRange, dbName: 'legal-cache' });
    cores.push(c);
    await c.init({ origin: ORIGIN, socketPath: '/ws' });
    const req = { side: 'buy' as const, coin: 'USDT', currency: 'CNY' };
    expect(await c.cachedLegal('legal/ads', req)).toBeNull();
    await c.call('legal/ads', req);
    online = false;
    expect((await c.call('legal/ads', req)).ok).toBe(false);
    const cached = await c.cachedLegal('legal/ads', req);
    expect(cached?.data).toEqual(ads);
    expect(typeof cached?.cachedAt).toBe('number');
    expect(await c.cachedLegal('legal/ads', { ...req, currency: 'USD' })).toBeNull();
  });
});
