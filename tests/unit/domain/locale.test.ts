import { describe, expect, it } from 'vitest';
import {
  BCP47,
  DEFAULT_LANG,
  DEFAULT_THEME,
  LANGS,
  LANG_NAMES,
  THEMES,
  isLang,
  isTheme,
  langFromHeader,
} from '../../../domain';

describe('languages and themes (spec §1)', () => {
  it('has the eight product languages, default id', () => {
    expect([...LANGS]).toEqual(['zh', 'en', 'jp', 'hk', 'vi', 'hi', 'id', 'kor']);
    expect(DEFAULT_LANG).toBe('id');
  });

  it('has two themes, default dark', () => {
    expect([...THEMES]).toEqual(['dark', 'light']);
    expect(DEFAULT_THEME).toBe('dark');
    expect(isTheme('light')).toBe(true);
    expect(isTheme('blue')).toBe(false);
    expect(isTheme(undefined)).toBe(false);
  });

  it.each([
    ['zh', 'zh-CN'],
    ['en', 'en'],
    ['jp', 'ja'],
    ['hk', 'zh-HK'],
    ['vi', 'vi'],
    ['hi', 'hi'],
    ['id', 'id'],
    ['kor', 'ko'],
  ] as const)('BCP47[%s] = %s and is a valid tag', (lang, tag) => {
    expect(BCP47[lang]).toBe(tag);
    expect(Intl.getCanonicalLocales(tag)).toEqual([tag]);
    expect(LANG_NAMES[lang]).toBeTruthy();
  });

  it.each([
    ['zh', true],
    ['kor', true],
    ['ko', false],
    ['ja', false],
    ['', false],
    [null, false],
    [3, false],
  ])('isLang(%j) → %s', (value, ok) => {
    expect(isLang(value)).toBe(ok);
  });
});

describe('langFromHeader', () => {
  it.each([
    ['en', 'en'],
    ['kor', 'kor'],
    ['KOR', 'kor'],
    ['ko', 'kor'], // BCP-47 tag of kor
    ['ko-KR', 'kor'], // base of a regional tag
    ['ko-KR,ko;q=0.9,en;q=0.8', 'kor'], // first of an Accept-Language list
    ['ja-JP', 'jp'],
    ['zh-CN', 'zh'],
    ['zh-HK', 'hk'],
    ['zh-TW', undefined], // base zh is not a BCP47 value of the table
    ['id-ID', 'id'],
    ['vi', 'vi'],
    ['hi-IN', 'hi'],
    [' en-US , fr', 'en'],
    ['fr-FR', undefined],
    ['', undefined],
    [null, undefined],
    [undefined, undefined],
  ])('%j → %s', (header, lang) => {
    expect(langFromHeader(header)).toBe(lang);
  });
});
