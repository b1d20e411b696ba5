import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAGES, rawNumbers, tsxFiles } from '../../support/raw-numbers';

describe('numbers on pages go through domain/display.ts', () => {
  it('finds raw fields in JSX, templates, translation values and label rows', () => {
    const sample = `
      const a = <span>{order.price}</span>;
      const b = <dd>{quota?.fee ?? NONE}</dd>;
      const c = \`\${transfer.amount} \${transfer.coin}\`;
      const d = t('withdraw.awaiting', { amount: quota.awaitingConfirmations, coin: c });
      const e = [t('fields.price'), order.price];
      const f = <span>{n.price(order.price, pair)}</span>;
      const g = <Amount value={holding.available} coin={coin} />;
      const h = <span>{order.symbol}</span>;
      const i = t('fields.price');
      const j = <dd>{trimZeros(quota.fee)} {coin}</dd>;
      const k = <dd>{formatDecimal(tk.last, locale)}</dd>;
    `;
    const found = rawNumbers('sample.tsx', sample).map((f) => f.text);
    expect(found).toEqual([
      'order.price',
      'quota?.fee',
      'transfer.amount',
      'quota.awaitingConfirmations',
      'order.price',
      'quota.fee',
    ]);
  });

  it('finds none in src/pages', () => {
    const findings = tsxFiles(PAGES).flatMap((file) => rawNumbers(file, fs.readFileSync(file, 'utf8')));
    expect(findings.map((f) => `${f.file}:${f.line} ${f.text}`)).toEqual([]);
  });
});
