import { createElement } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { PnlAt } from '../../../src/pages/lever/tpsl-dialog';
import { PnlAmounts } from '../../../src/pages/lever/use-position-actions';
import { prepare, renderCard, testIdText, textOf } from './render-card';

// Issue 29 for contracts: the TP/SL dialog's "PnL at this price" and the close dialogs' estimated
// PnL were written at a fixed 2 decimals while the position card shows the coin's display decimals
// (USDT: 3, BTC: 5 in the test catalog). They now use the card's rule, the exact value on tap.

beforeAll(() => prepare('en', ['lever', 'common']));

describe('contract PnL at the coin’s display decimals (issue 29)', () => {
  it('the TP/SL dialog’s PnL at a price, in the sentence of the language', async () => {
    const html = renderCard(createElement(PnlAt, { pnl: '12.34567', coin: 'USDT', testId: 'tpsl-tp-pnl' }));
    expect(testIdText(html, 'tpsl-tp-pnl')).toBe('PnL at this price: +12.345 USDT');
    // Floored magnitude for a loss, as everywhere (spec §5).
    const loss = renderCard(createElement(PnlAt, { pnl: '-6.4637', coin: 'USDT', testId: 'x' }));
    expect(testIdText(loss, 'x')).toBe('PnL at this price: -6.463 USDT');

    await prepare('zh', ['lever', 'common']);
    const zh = renderCard(createElement(PnlAt, { pnl: '12.34567', coin: 'USDT', testId: 'x' }), 'zh');
    expect(testIdText(zh, 'x')).toBe('该价格盈亏：+12.345 USDT');
    await prepare('en', ['lever', 'common']);
  });

  it('the close and close-all dialogs’ estimated PnL, per coin', () => {
    const html = renderCard(createElement(PnlAmounts, { pnl: { USDT: '-6.4637', BTC: '0.000123456' } }));
    expect(textOf(html)).toBe('-6.463 USDT · +0.00012 BTC');
    expect(html).toContain('trade-down');
    expect(html).toContain('trade-up');
    expect(textOf(renderCard(createElement(PnlAmounts, { pnl: {} })))).toBe('—');
  });
});
