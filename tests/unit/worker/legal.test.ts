import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../worker/core';
import { legalQuote } from '../../../worker/legal';
import { FakeWebSocket, fakeFetch, json } from './fakes';

const ORIGIN = 'http://core.test:8080';
const cores: Core[] = [];
afterEach(async () => {
  for (const c of cores.splice(0)) await c.dispose();
});

describe('worker legal', () => {
  it('converts a take exactly, by amount and by quantity', () => {
    expect(legalQuote({ price: '7.00', by: 'amount', value: '100', coinDecimals: 2 })).toEqual({
      qty: '14.28',
      amount: '99.96',
    });
    expect(legalQuote({ price: '7.10', by: 'qty', value: '20.009', coinDecimals: 2 })).toEqual({
      qty: '20.00',
      amount: '142.00',
    });
    expect(legalQuote({ price: '7.10', by: 'qty', value: '', coinDecimals: 2 })).toBeNull();
    expect(legalQuote({ price: '7.10', by: 'amount', value: '1,5', coinDecimals: 2 })).toBeNull();
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
