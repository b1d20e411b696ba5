import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatMs } from '../../../src/pages/trade/trade-format';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Every .ts and .tsx file under `dir`. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

// 14:03:07.206 UTC on 27 Nov 2026; the process runs in UTC (TZ of the test runner) or not: only the
// shape of the text is checked, never the hour itself.
const AT = Date.UTC(2026, 10, 27, 14, 3, 7, 206);

describe('times are written in the reader’s locale format (issue 29)', () => {
  it('a receipt’s precise time is the list’s time plus milliseconds, in the same hour cycle', () => {
    for (const lang of ['en', 'zh', 'id', 'hi', 'kor', 'jp', 'vi', 'hk'] as const) {
      const plain = formatMs(AT, lang);
      const precise = formatMs(AT, lang, { precise: true });
      // The same text with the milliseconds after the seconds (the locale's decimal sign).
      expect(precise.replace(/([.,])206/, ''), lang).toBe(plain);
      expect(precise, lang).toMatch(/[.,]206/);
    }
    // en writes a 12-hour clock in lists and receipts alike (the options receipt wrote 14:03:07.206).
    expect(formatMs(AT, 'en', { precise: true })).toMatch(/\d\d:03:07\.206 [AP]M$/);
  });

  it('no page or component forces an hour cycle of its own', () => {
    const forced = sources(path.join(ROOT, 'src'))
      .filter((file) => /\bhour12\b|\bhourCycle\b/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(ROOT, file));
    expect(forced).toEqual([]);
  });
});
