// The users and house pages' logic (console/src/pages/users, console/src/pages/house): what a search
// sends, the five accounts balances are shown under, journal kinds named as the app names them, and
// the house's lines taken apart and grouped by what they measure.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JOURNAL_KINDS } from '../../../domain/journal-kinds';
import { LANGS } from '../../../domain/locale';
import type { OpsBalance } from '../../../domain/ops-api';
import { accountName, kindName } from '../../../console/src/pages/users/app-texts';
import {
  accessAction,
  balancesByAccount,
  isNegative,
  kindKey,
  searchQuery,
  USER_ACCOUNTS,
} from '../../../console/src/pages/users/user-logic';
import {
  groupLines,
  HOUSE_METRICS,
  HOUSE_PARTS,
  HOUSE_PRODUCTS,
  isLoss,
  parseLine,
} from '../../../console/src/pages/house/house-lines';

const appAssets = (lang: string) =>
  JSON.parse(fs.readFileSync(path.join(process.cwd(), 'locales', lang, 'assets.json'), 'utf8')) as {
    journal: { kinds: Record<string, string> };
    accounts: Record<string, string>;
  };
const consoleTexts = (lang: string) =>
  JSON.parse(fs.readFileSync(path.join(process.cwd(), 'console/locales', `${lang}.json`), 'utf8')) as {
    people: {
      house: {
        metric: Record<string, string>;
        part: Record<string, string>;
        product: Record<string, string>;
      };
    };
  };

const bal = (account: string, coin: string, available = '1'): OpsBalance => ({
  account,
  coin,
  available,
  frozen: '0',
});

describe('users page', () => {
  it('searches the trimmed text, and nothing for blank text', () => {
    expect(searchQuery('  138 ')).toBe('138');
    expect(searchQuery('a@b.c')).toBe('a@b.c');
    expect(searchQuery('   ')).toBeNull();
    expect(searchQuery('')).toBeNull();
  });

  it('shows the five accounts in the app order, each even when empty, coins sorted', () => {
    const grouped = balancesByAccount([bal('lever', 'USDT'), bal('spot', 'USDT'), bal('spot', 'BTC')]);
    expect(grouped.map((g) => g.account)).toEqual(['spot', 'lever', 'legal', 'second', 'finance']);
    expect(grouped[0]!.rows.map((r) => r.coin)).toEqual(['BTC', 'USDT']);
    expect(grouped[1]!.rows.map((r) => r.coin)).toEqual(['USDT']);
    expect(grouped.slice(2).every((g) => g.rows.length === 0)).toBe(true);
  });

  it('keeps a balance of an account it does not know, after the five', () => {
    const grouped = balancesByAccount([bal('zeta', 'ETH'), bal('alpha', 'BTC')]);
    expect(grouped.map((g) => g.account)).toEqual([...USER_ACCOUNTS, 'alpha', 'zeta']);
    expect(grouped.flatMap((g) => g.rows)).toHaveLength(2);
  });

  it('offers unfreezing a frozen user and freezing any other', () => {
    expect(accessAction({ frozen: true })).toBe('unfreeze');
    expect(accessAction({ frozen: false })).toBe('freeze');
  });

  it('tells outgoing journal lines from incoming ones', () => {
    expect(isNegative('-0.5')).toBe(true);
    expect(isNegative('-10')).toBe(true);
    expect(isNegative('-0.000')).toBe(false);
    expect(isNegative('0')).toBe(false);
    expect(isNegative('12.5')).toBe(false);
  });

  it('names every journal kind in every language with the app own text', () => {
    for (const lang of LANGS) {
      const app = appAssets(lang);
      for (const kind of JOURNAL_KINDS) {
        const key = kindKey(kind)!;
        expect(app.journal.kinds[key], `${lang} ${kind}`).toBeTruthy();
        expect(kindName(kind, lang), `${lang} ${kind}`).toBe(app.journal.kinds[key]);
      }
      for (const account of USER_ACCOUNTS) expect(accountName(account, lang)).toBe(app.accounts[account]);
    }
    expect(kindName('lever.tp', 'zh')).not.toBe(kindName('lever.tp', 'en'));
  });

  it('shows a kind the app does not list as the ledger wrote it', () => {
    expect(kindKey('test.grant')).toBeNull();
    expect(kindName('test.grant', 'en')).toBe('test.grant');
    expect(accountName('elsewhere', 'en')).toBe('elsewhere');
  });
});

describe('house page', () => {
  it('takes a label apart into metric, coin or market, and part', () => {
    expect(parseLine('hands.BTC/USDT.long', '3')).toMatchObject({
      metric: 'hands',
      known: true,
      subject: 'BTC/USDT',
      part: 'long',
    });
    expect(parseLine('house.USDT.frozen', '1')).toMatchObject({
      metric: 'house',
      subject: 'USDT',
      part: 'frozen',
    });
    expect(parseLine('fees.USDT', '1')).toMatchObject({ metric: 'fees', subject: 'USDT', part: null });
    // A market whose name has a dot keeps it: only a known part is taken off the end.
    expect(parseLine('fees.A.B', '1')).toMatchObject({ subject: 'A.B', part: null });
    expect(parseLine('novel.X', '1')).toMatchObject({ metric: 'novel', known: false });
  });

  it('groups lines by metric in the page order, then by coin and part', () => {
    const groups = groupLines({
      'fees.USDT': '2',
      'hands.ETH.short': '1',
      'hands.BTC.net': '0',
      'hands.BTC.long': '5',
      'houseResult.USDT': '-3',
      'fees.BTC': '0.1',
      'mystery.X': '9',
    });
    expect(groups.map((g) => g.metric)).toEqual(['houseResult', 'fees', 'hands', 'mystery.X']);
    expect(groups[1]!.lines.map((l) => l.subject)).toEqual(['BTC', 'USDT']);
    expect(groups[2]!.lines.map((l) => `${l.subject}.${l.part}`)).toEqual([
      'BTC.long',
      'BTC.net',
      'ETH.short',
    ]);
    expect(groups[3]!.known).toBe(false);
  });

  it('has no group for a product without lines', () => {
    expect(groupLines({})).toEqual([]);
  });

  it('marks a loss of the house', () => {
    expect(isLoss('-0.01')).toBe(true);
    expect(isLoss('0.00')).toBe(false);
    expect(isLoss('-0')).toBe(false);
    expect(isLoss('7')).toBe(false);
  });

  it('names every product, metric and part in every language', () => {
    for (const lang of LANGS) {
      const { house } = consoleTexts(lang).people;
      for (const p of HOUSE_PRODUCTS) expect(house.product[p], `${lang} ${p}`).toBeTruthy();
      for (const m of HOUSE_METRICS) expect(house.metric[m], `${lang} ${m}`).toBeTruthy();
      for (const p of HOUSE_PARTS) expect(house.part[p], `${lang} ${p}`).toBeTruthy();
    }
  });
});
