import fs from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JournalLine } from '../../../domain/assets';
import { JOURNAL_KINDS } from '../../../domain/journal-kinds';
import type { LegalAd, LegalOrder } from '../../../domain/legal';
import { LANGS } from '../../../domain/locale';
import { AdCard } from '../../../src/pages/legal/ad-card';
import { LogLine } from '../../../src/pages/legal/legal-misc-pages';
import { OrderRow } from '../../../src/pages/legal/order-list';
import { OrderFacts } from '../../../src/pages/legal/order-parts';
import { TakeQuote } from '../../../src/pages/legal/take-dialog';
import { prepare, renderCard, testIdText } from './render-card';

// Issue 29 for P2P: quantities were written at the P2P terms' decimals with trailing zeros cut
// ("Remaining 300 / 300"), fees with all 8 ledger decimals, and the fiat balance log named ledger
// kinds from a list of its own. Coin quantities are now at the coin's display decimals (USDT: 3 in
// the test catalog) with the exact value on tap, fiat at 2 decimals with the currency named, and
// the log names every kind as the records page does.

const noop = () => undefined;
const AT = Date.UTC(2026, 10, 27, 14, 3, 7);

const ORDER: LegalOrder = {
  id: 31,
  adId: 4,
  role: 'buyer',
  asMerchant: false,
  merchantId: 2,
  merchantName: 'Demo QA Shop',
  counterparty: 'De***op',
  coin: 'USDT',
  currency: 'CNY',
  price: '7.20',
  qty: '100.12345678',
  amount: '720.88',
  fee: '0.12345678',
  status: 'pending',
  payDeadline: AT + 600_000,
  payRef: null,
  createdAt: AT,
  updatedAt: AT,
  payee: null,
  timeline: [],
  appeal: null,
  serverTime: AT,
};

const AD: LegalAd = {
  id: 4,
  merchant: {
    userId: 2,
    nickname: 'Demo QA Shop',
    registeredAt: AT,
    since: AT,
    levels: { mobile: true, realName: true, advanced: false },
    stats: {
      orders30d: 0,
      completedTotal: 0,
      ordersTotal: 0,
      completionRate30d: null,
      medianReleaseSec30d: null,
    },
  },
  side: 'sell',
  coin: 'USDT',
  currency: 'CNY',
  price: '7.20',
  min: '10',
  max: '500',
  total: '300',
  remaining: '300',
  methods: ['bank'],
  autoCancelMin: 0,
  expiresAt: null,
  status: 'online',
  createdAt: AT,
};

beforeAll(() => prepare('en', ['legal', 'assets', 'common']));

describe('P2P quantities at the coin’s display decimals, fiat with its currency (issue 29)', () => {
  it('an order in the list', () => {
    const html = renderCard(createElement(OrderRow, { order: ORDER }));
    expect(testIdText(html, 'legal-order')).toContain('720.88 CNY');
    expect(testIdText(html, 'legal-order')).toContain('100.123 USDT');
  });

  it('the order page: quantity and fee', () => {
    const html = renderCard(createElement(OrderFacts, { order: ORDER }));
    expect(testIdText(html, 'order-amount')).toBe('720.88 CNY');
    expect(testIdText(html, 'order-qty')).toBe('100.123 USDT');
    // The fee was written with every ledger decimal (0.12345678).
    expect(testIdText(html, 'order-fee')).toBe('0.123 USDT');
  });

  it('the conversion before taking an ad', () => {
    const html = renderCard(
      createElement(TakeQuote, { ad: AD, side: 'buy', quote: { qty: '12.3456789', amount: '88.88' } }),
    );
    expect(testIdText(html, 'quote-amount')).toBe('88.88 CNY');
    expect(testIdText(html, 'quote-qty')).toBe('12.345 USDT');
  });

  it('an ad: limits with the currency, what is left at the coin’s decimals', () => {
    const html = renderCard(createElement(AdCard, { ad: AD, side: 'buy', onTake: noop }));
    expect(testIdText(html, 'legal-ad')).toContain('10.00–500.00 CNY');
    expect(testIdText(html, 'ad-available')).toBe('300.000 USDT');
  });
});

describe('the fiat balance log names kinds from the one list (issue 29)', () => {
  const line = (kind: string): JournalLine => ({
    id: 1,
    txId: 1,
    kind,
    refType: 'legal_orders',
    refId: '31',
    account: 'legal',
    coin: 'USDT',
    field: 'frozen',
    delta: '-100.12345678',
    balanceAfter: '200.00000000',
    createdAt: AT,
  });
  const kindOf = (html: string) => /journal-line__kind">([^<]*)</.exec(html)?.[1];

  it('as the records page names them, for the P2P kinds and any other', () => {
    expect(kindOf(renderCard(createElement(LogLine, { line: line('legal.escrow') })))).toBe(
      'Fiat order: coins in escrow (frozen)',
    );
    // A kind the log's own list did not have was shown raw.
    expect(kindOf(renderCard(createElement(LogLine, { line: line('rebate') })))).toBe('Referral rebate');
    const html = renderCard(createElement(LogLine, { line: line('legal.escrow') }));
    expect(testIdText(html, 'legal-log-line')).toContain('-100.123');
  });

  it('no language keeps a second list of kind names in legal.json', () => {
    const locales = path.resolve(import.meta.dirname, '../../../locales');
    for (const lang of LANGS) {
      const legal = JSON.parse(fs.readFileSync(path.join(locales, lang, 'legal.json'), 'utf8')) as {
        log: Record<string, unknown>;
      };
      expect(legal.log.kinds, lang).toBeUndefined();
    }
    // The one list names the P2P kinds the log shows.
    expect(JOURNAL_KINDS).toEqual(expect.arrayContaining(['legal.escrow', 'legal.release', 'transfer']));
  });
});
