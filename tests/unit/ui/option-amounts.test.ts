import { createElement } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SecondOption } from '../../../domain/second-endpoints';
import { ConfirmOptionDialog } from '../../../src/pages/second/confirm-option-dialog';
import { OpenOptions } from '../../../src/pages/second/open-options';
import { OptionRow } from '../../../src/pages/second/option-history';
import { ReceiptSheet } from '../../../src/pages/second/receipt-sheet';
import { ResultCard } from '../../../src/pages/second/result-card';
import { formatMs } from '../../../src/pages/trade/trade-format';
import { prepare, renderCard, testIdText } from './render-card';

// Issue 29, "one precision per kind of number": the options page wrote its coin amounts at the
// terms' stake decimals (2) while the receipt wrote them at the coin's display decimals. Each card
// now shows them at the coin's display decimals (USDT: 3 in the test catalog), the receipt the same.

const noop = () => undefined;
const ACCEPTED = Date.UTC(2026, 10, 27, 14, 3, 7, 206);

/** A settled option won: stake 10.5 USDT, 19.4255 USDT credited. */
const WON: SecondOption = {
  id: 7,
  symbol: 'BTC/USDT',
  direction: 'up',
  seconds: 60,
  coin: 'USDT',
  stake: '10.50000000',
  payoutRate: '0.85',
  payout: '19.42550000',
  status: 'settled',
  result: 'won',
  entry: { tradeId: 101, price: '64000.10', ts: ACCEPTED - 5 },
  exit: { tradeId: 202, price: '64010.20', ts: ACCEPTED + 59_000 },
  acceptedAt: ACCEPTED,
  expiresAt: ACCEPTED + 60_000,
  settledAt: ACCEPTED + 60_010,
  credited: '19.42550000',
  receipt: {
    rule: 'expiry',
    trades: [
      { role: 'entry', id: 101, price: '64000.10', ts: ACCEPTED - 5 },
      { role: 'exit', id: 202, price: '64010.20', ts: ACCEPTED + 59_000 },
    ],
    amounts: [{ label: 'payout', coin: 'USDT', amount: '19.42550000' }],
    ledgerTxId: 900,
    ts: ACCEPTED + 60_010,
  },
  clientOrderId: null,
};

beforeAll(() => prepare('en', ['second', 'common']));

describe('timed options show coin amounts at the coin’s display decimals (issue 29)', () => {
  it('the result card', () => {
    const html = renderCard(createElement(ResultCard, { option: WON, onReceipt: noop, onClose: noop }));
    expect(testIdText(html, 'option-result')).toContain('+19.425 USDT');
    expect(testIdText(html, 'result-amount')).toBe('+19.425 USDT');
  });

  it('the confirmation before buying', () => {
    const html = renderCard(
      createElement(ConfirmOptionDialog, {
        direction: 'up',
        symbol: 'BTC/USDT',
        seconds: 60,
        stake: '10.5',
        payout: '19.4255',
        coin: 'USDT',
        busy: false,
        onConfirm: noop,
        onCancel: noop,
      }),
    );
    expect(testIdText(html, 'confirm-stake')).toBe('10.500 USDT');
    expect(testIdText(html, 'confirm-payout')).toBe('19.425 USDT');
  });

  it('the open options', () => {
    const open = { ...WON, status: 'open' as const, result: null, exit: null, credited: null, receipt: null };
    const html = renderCard(createElement(OpenOptions, { options: [open], clockOffsetMs: 0 }));
    expect(testIdText(html, 'open-option')).toContain('10.500 USDT');
  });

  it('the history row and the receipt it opens: the same amount and the same time format', () => {
    const row = renderCard(createElement(OptionRow, { option: WON, onReceipt: noop }));
    expect(testIdText(row, 'history-amounts')).toBe('10.500 USDT → 19.425 USDT');
    const time = testIdText(row, 'history-time');
    expect(time).toBe(formatMs(ACCEPTED, 'en'));

    const receipt = renderCard(createElement(ReceiptSheet, { option: WON, onClose: noop }));
    // The payout line as the history shows it (signed: money received).
    expect(testIdText(receipt, 'receipt')).toContain('+19.425 USDT');
    // The accepted time: the history's text with the milliseconds the trades are checked by.
    expect(receipt).toContain(formatMs(ACCEPTED, 'en', { precise: true }));
    expect(formatMs(ACCEPTED, 'en', { precise: true }).replace('.206', '')).toBe(time);
  });

  it('in the reader’s locale: id writes a decimal comma', async () => {
    await prepare('id', ['second', 'common']);
    const html = renderCard(createElement(ResultCard, { option: WON, onReceipt: noop, onClose: noop }), 'id');
    expect(testIdText(html, 'option-result')).toContain('+19,425 USDT');
    await prepare('en', ['second', 'common']);
  });
});
