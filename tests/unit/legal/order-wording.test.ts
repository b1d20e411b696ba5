import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type LegalMe } from '../../../domain/legal';
import { nextUtcDay } from '../../../domain/legal-rules';
import { LANGS } from '../../../domain/locale';
import { orderWording, takeWording } from '../../../src/pages/legal/order-wording';
import { takeBlock } from '../../../src/pages/legal/take-rule';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** The legal texts of `lang`, by dotted key (a counted text by its `_other` form). */
function texts(lang: string): (key: string) => string | undefined {
  const tree = JSON.parse(fs.readFileSync(path.join(ROOT, 'locales', lang, 'legal.json'), 'utf8')) as object;
  const at = (key: string) =>
    key.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown> | undefined)?.[k], tree);
  return (key) => {
    const v = at(key) ?? at(`${key}_other`);
    return typeof v === 'string' ? v : undefined;
  };
}

describe('P2P wording: each side in its own words (issue 29)', () => {
  it('the take dialog: a seller sells "to" the merchant and is not told to pay', () => {
    const buy = takeWording('buy');
    const sell = takeWording('sell');
    for (const lang of LANGS) {
      const t = texts(lang);
      expect(t(sell.title), lang).not.toBe(t(buy.title));
      expect(t(sell.window), lang).not.toBe(t(buy.window));
    }
    const en = texts('en');
    expect(en(sell.title)).toBe('Sell {{coin}} to {{merchant}}');
    expect(en(sell.window)).not.toMatch(/^Pay /);
    expect(texts('id')(sell.title)).toBe('Jual {{coin}} ke {{merchant}}');
    expect(texts('id')(sell.window)).not.toMatch(/^Bayar /);
  });

  it('the order page: every state has a name and a hint for the buyer and for the seller', () => {
    for (const lang of LANGS) {
      const t = texts(lang);
      for (const status of ORDER_STATUSES) {
        const buyer = orderWording(status, 'buyer');
        const seller = orderWording(status, 'seller');
        for (const w of [buyer, seller]) {
          expect(t(w.name), `${lang} ${w.name}`).toBeTruthy();
          expect(t(w.hint), `${lang} ${w.hint}`).toBeTruthy();
        }
        // The two sides never read the same hint: what each must (or need not) do differs.
        expect(t(buyer.hint), `${lang} ${status}`).not.toBe(t(seller.hint));
      }
      // While money is to move, the state's name is told from the reader's side too.
      for (const status of ['pending', 'paid'] as const) {
        expect(t(orderWording(status, 'buyer').name)).not.toBe(t(orderWording(status, 'seller').name));
      }
    }
    expect(orderWording('pending', 'seller').hint).toBe('order.waitBuyer');
    expect(orderWording('pending', 'buyer').hint).toBe('order.payYourself');
  });
});

describe('take buttons: the server refusals known up front (issue 29)', () => {
  const me = (over: Partial<LegalMe>): LegalMe => ({
    userId: 1,
    merchant: null,
    application: null,
    kycVerified: true,
    methods: 1,
    cancelsToday: 0,
    cancelsLeft: 3,
    cancelsResetAt: nextUtcDay(Date.UTC(2026, 10, 27, 15)),
    freeze: null,
    ...over,
  });

  it('after the day’s last cancellation buying waits for the next UTC day; selling does not', () => {
    const blocked = me({ cancelsToday: 3, cancelsLeft: 0 });
    expect(takeBlock(blocked, 'buy')).toEqual({
      reason: 'cancelLimit',
      cancels: 3,
      until: Date.UTC(2026, 10, 28),
    });
    expect(takeBlock(blocked, 'sell')).toBeNull();
    expect(takeBlock(me({ cancelsToday: 2, cancelsLeft: 1 }), 'buy')).toBeNull();
  });

  it('a frozen fiat account takes nothing; an unknown caller is left to the server', () => {
    const frozen = me({ freeze: { id: 1, reason: 'Marked paid without paying', orderId: 9, createdAt: 0 } });
    expect(takeBlock(frozen, 'sell')).toEqual({ reason: 'frozen', text: 'Marked paid without paying' });
    expect(takeBlock(frozen, 'buy')?.reason).toBe('frozen');
    expect(takeBlock(null, 'buy')).toBeNull();
  });

  it('the reset is the first instant of the next UTC day', () => {
    expect(nextUtcDay(Date.UTC(2026, 11, 31, 23, 59, 59, 999))).toBe(Date.UTC(2027, 0, 1));
    expect(nextUtcDay(Date.UTC(2026, 10, 27))).toBe(Date.UTC(2026, 10, 28));
  });
});
