import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '../../../domain/locale';
import type { TextTree } from '../../../src/i18n/texts';

type Texts = typeof import('../../../src/i18n/texts');

const LOCALES = path.resolve(import.meta.dirname, '../../../locales');
const real = (lang: Lang, ns: string) =>
  JSON.parse(fs.readFileSync(path.join(LOCALES, lang, `${ns}.json`), 'utf8')) as TextTree;

/** A promise resolved from outside: a bundle still on its way. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const TREES: Record<string, TextTree> = {
  'id/common': { hello: 'Halo {{name}}', group: { inner: 'dalam' } },
  'id/lever': { title: 'Kontrak', days_other: '{{count}} hari' },
  'en/common': { hello: 'Hello {{name}}', group: { inner: 'inside' } },
  'en/lever': { title: 'Contracts', days_one: '{{count}} day', days_other: '{{count}} days' },
  'hi/common': { hello: 'नमस्ते {{name}}', group: { inner: 'अंदर' } },
  'hi/lever': { title: 'अनुबंध', days_one: '{{count}} दिन', days_other: '{{count}} दिनों' },
  'jp/common': { hello: 'こんにちは {{name}}', group: { inner: '中' } },
  'jp/lever': { title: '契約', days_other: '{{count}} 日' },
};

let texts: Texts;
let loader: ReturnType<typeof vi.fn<(lang: Lang, ns: string) => Promise<TextTree>>>;

beforeEach(async () => {
  // Each test starts from a fresh engine: the module holds the i18next instance.
  vi.resetModules();
  texts = await import('../../../src/i18n/texts');
  loader = vi.fn((lang: Lang, ns: string) => {
    const tree = TREES[`${lang}/${ns}`];
    return tree ? Promise.resolve(tree) : Promise.reject(new Error(`no ${lang}/${ns}`));
  });
  texts.configureTexts(loader, { id: { common: TREES['id/common']! } });
});

describe('texts on i18next', () => {
  it('shows the built-in texts at once, with values, nested keys and the ns: prefix', () => {
    expect(texts.translate('hello', { name: 'Ana' })).toBe('Halo Ana');
    expect(texts.translate('common:group.inner')).toBe('dalam');
    expect(loader).not.toHaveBeenCalled();
  });

  it('does not escape values: React escapes what it renders', () => {
    expect(texts.translate('hello', { name: '<b>&</b>' })).toBe('Halo <b>&</b>');
  });

  it('keeps a value named like an i18next option a plain value', () => {
    texts.configureTexts(loader, { id: { common: { which: '{{ns}}/{{lng}}' } } });
    expect(texts.translate('which', { ns: 'a', lng: 'b' })).toBe('a/b');
  });

  it("shows an unknown key's path, and a group's path instead of an object", () => {
    expect(texts.translate('common:nope.missing')).toBe('nope.missing');
    expect(texts.translate('lever:title')).toBe('title');
    expect(texts.translate('group')).toBe('group');
    expect(texts.hasText('group')).toBe(false);
    expect(texts.hasText('common:group.inner')).toBe(true);
  });

  it('loads a namespace once, on demand, and tells listeners when it arrived', async () => {
    const changed = vi.fn();
    texts.onTextsChanged(changed);
    expect(texts.hasNamespace('lever')).toBe(false);
    await Promise.all([texts.loadTexts(['lever']), texts.loadTexts(['lever', 'common'])]);
    expect(loader.mock.calls).toEqual([['id', 'lever']]);
    expect(texts.hasNamespace('lever')).toBe(true);
    expect(changed).toHaveBeenCalled();
    // A bare key is looked up in the component's namespaces in order.
    expect(texts.translate('title', undefined, ['common', 'lever'])).toBe('Kontrak');
    await texts.loadTexts(['lever']);
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('answers a text asked for again from its memory, never an answer the arriving texts changed', async () => {
    // Asked for before its namespace arrived: the key's path, then the text once it is in.
    expect(texts.translate('lever:title')).toBe('title');
    await texts.loadTexts(['lever']);
    expect(texts.translate('lever:title')).toBe('Kontrak');
    // Values are part of what is remembered: another name, another text.
    expect(texts.translate('hello', { name: 'Ana' })).toBe('Halo Ana');
    expect(texts.translate('hello', { name: 'Budi' })).toBe('Halo Budi');
    expect(texts.translate('lever:days', { count: 2 })).toBe('2 hari');
    expect(texts.translate('lever:days', { count: 3 })).toBe('3 hari');
  });

  it('a failed load rejects and may be tried again', async () => {
    loader.mockRejectedValueOnce(new Error('offline'));
    await expect(texts.loadTexts(['lever'])).rejects.toThrow('offline');
    await texts.loadTexts(['lever']);
    expect(texts.translate('lever:title')).toBe('Kontrak');
  });

  it('switches the language only once every namespace shown is loaded in it', async () => {
    await texts.loadTexts(['lever']);
    const enLever = deferred<TextTree>();
    loader.mockImplementation((lang, ns) =>
      lang === 'en' && ns === 'lever' ? enLever.promise : Promise.resolve(TREES[`${lang}/${ns}`]!),
    );
    const switched = texts.setTextLanguage('en');
    await new Promise((r) => setTimeout(r, 0));
    // English common is in, English lever is not: still Indonesian everywhere.
    expect(texts.textLanguage()).toBe('id');
    expect(texts.translate('lever:title')).toBe('Kontrak');
    expect(texts.translate('hello', { name: 'Ana' })).toBe('Halo Ana');
    enLever.resolve(TREES['en/lever']!);
    await switched;
    expect(texts.textLanguage()).toBe('en');
    expect(texts.translate('lever:title')).toBe('Contracts');
    expect(
      loader.mock.calls
        .filter(([lang]) => lang === 'en')
        .map(([, ns]) => ns)
        .sort(),
    ).toEqual(['common', 'lever']);
  });

  it('stays in its language when the new one fails to load', async () => {
    loader.mockRejectedValueOnce(new Error('offline'));
    await expect(texts.setTextLanguage('en')).rejects.toThrow('offline');
    expect(texts.textLanguage()).toBe('id');
    expect(texts.translate('hello', { name: 'Ana' })).toBe('Halo Ana');
  });

  it('of two quick switches, ends in the one asked for last', async () => {
    const slowEn = deferred<TextTree>();
    loader.mockImplementation((lang, ns) =>
      lang === 'en' ? slowEn.promise : Promise.resolve(TREES[`${lang}/${ns}`]!),
    );
    const first = texts.setTextLanguage('en');
    await texts.setTextLanguage('hi');
    slowEn.resolve(TREES['en/common']!);
    await first;
    expect(texts.textLanguage()).toBe('hi');
    expect(texts.translate('hello', { name: 'A' })).toBe('नमस्ते A');
  });

  it.each([
    ['en', 1, '1 day'],
    ['en', 2, '2 days'],
    ['en', 0, '0 days'],
    ['hi', 1, '1 दिन'],
    ['hi', 0, '0 दिन'],
    ['hi', 5, '5 दिनों'],
    // Japanese has one form: its `_other` (read as "jp", the browser's English rules would want `_one`).
    ['jp', 1, '1 日'],
    ['id', 1, '1 hari'],
  ] as const)('%s plural form of %i', async (lang, count, want) => {
    await texts.setTextLanguage(lang);
    await texts.loadTexts(['lever']);
    expect(texts.translate('lever:days', { count })).toBe(want);
  });

  it('counted texts of the app read right in en and hi', async () => {
    texts.configureTexts(loader, {
      en: { identity: real('en', 'identity'), lever: real('en', 'lever') },
      hi: { identity: real('hi', 'identity'), lever: real('hi', 'lever') },
    });
    await texts.setTextLanguage('en');
    expect(texts.translate('identity:credit.fact.days', { n: '1', count: 1 })).toBe('1 day');
    expect(texts.translate('identity:credit.fact.days', { n: '2', count: 2 })).toBe('2 days');
    expect(texts.translate('lever:closeDialog.batchTitle', { count: 1 })).toBe('Close 1 position');
    expect(texts.translate('lever:closeDialog.batchTitle', { count: 3 })).toBe('Close 3 positions');
    await texts.setTextLanguage('hi');
    // Hindi's "one" is 0 and 1; the verb agrees with the count.
    expect(texts.translate('lever:done.closedMany', { count: 1 })).toBe('1 पोज़िशन बंद हो गई');
    expect(texts.translate('lever:done.closedMany', { count: 2 })).toBe('2 पोज़िशन बंद हो गईं');
    expect(texts.translate('identity:invite.activeHint', { days: 30, count: 30 })).toContain('30 दिनों में');
    expect(texts.translate('identity:invite.activeHint', { days: 1, count: 1 })).toContain('1 दिन में');
  });
});
