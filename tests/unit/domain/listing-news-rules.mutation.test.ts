// The listing form's checks (domain/listing-rules.ts) and the news publishing checks
// (domain/news-rules.ts), each limit tested on both sides of its edge and each field's first
// problem named. Written for mutation testing (docs/mutation.md).
import { describe, expect, it } from 'vitest';
import { parseListing } from '../../../domain/listing-rules';
import { checkArticle, plainText, safeUrl, unsafeMarkdown } from '../../../domain/news-rules';

const EVM = `0x${'a1'.repeat(20)}`;
const FORM = {
  project: '  Good Coin ',
  symbol: ' gc2 ',
  chain: ' ERC20 ',
  contract: ` ${EVM} `,
  website: ' https://good.example/coin ',
  contact: ' team@good.example ',
  description: ' A coin. ',
};

describe('listing application', () => {
  it('trims every field and upper-cases the symbol', () => {
    expect(parseListing(FORM)).toEqual({
      ok: {
        project: 'Good Coin',
        symbol: 'GC2',
        chain: 'ERC20',
        contract: EVM,
        website: 'https://good.example/coin',
        contact: 'team@good.example',
        description: 'A coin.',
      },
    });
    expect(parseListing({ ...FORM, description: '' })).toHaveProperty('ok');
  });

  it('names the first missing field, in form order', () => {
    for (const f of ['project', 'symbol', 'chain', 'contract', 'website', 'contact'] as const) {
      expect(parseListing({ ...FORM, [f]: '  ' })).toEqual({ field: f, key: 'required' });
    }
    expect(parseListing({ ...FORM, project: '', contact: '' })).toEqual({
      field: 'project',
      key: 'required',
    });
  });

  it('limits text lengths in characters, inclusive', () => {
    expect(parseListing({ ...FORM, project: '币'.repeat(60) })).toHaveProperty('ok');
    expect(parseListing({ ...FORM, project: '币'.repeat(61) })).toEqual({
      field: 'project',
      key: 'textTooLong',
    });
    expect(parseListing({ ...FORM, contact: 'c'.repeat(100) })).toHaveProperty('ok');
    expect(parseListing({ ...FORM, contact: 'c'.repeat(101) })).toEqual({
      field: 'contact',
      key: 'textTooLong',
    });
    expect(parseListing({ ...FORM, description: 'd'.repeat(2000) })).toHaveProperty('ok');
    expect(parseListing({ ...FORM, description: 'd'.repeat(2001) })).toEqual({
      field: 'description',
      key: 'textTooLong',
    });
    const site = (n: number) => `https://x.io/${'p'.repeat(n - 13)}`;
    expect(parseListing({ ...FORM, website: site(200) })).toHaveProperty('ok');
    expect(parseListing({ ...FORM, website: site(201) })).toEqual({
      field: 'website',
      key: 'listingWebsiteFormat',
    });
  });

  it('a symbol of 2 to 12 letters or digits', () => {
    expect(parseListing({ ...FORM, symbol: 'ab' })).toHaveProperty('ok');
    expect(parseListing({ ...FORM, symbol: 'A'.repeat(12) })).toHaveProperty('ok');
    for (const bad of ['A', 'A'.repeat(13), 'A-B', 'AB C', 'ÄB']) {
      expect(parseListing({ ...FORM, symbol: bad })).toEqual({ field: 'symbol', key: 'listingSymbolFormat' });
    }
  });

  it('a known chain and a contract address in that chain’s format', () => {
    expect(parseListing({ ...FORM, chain: 'erc20' })).toEqual({ field: 'chain', key: 'unknownChain' });
    expect(parseListing({ ...FORM, chain: 'TRC20' })).toEqual({ field: 'contract', key: 'addressFormat' });
    expect(parseListing({ ...FORM, chain: 'BEP20' })).toHaveProperty('ok');
  });

  it('an https website only', () => {
    for (const bad of [
      'http://good.example',
      'https://',
      'https:// x',
      'ftp://x.io',
      'good.example',
      'https://.x',
      // The whole text is the address: nothing before it, nothing after.
      'see https://good.example',
      'https://good.example and more',
    ]) {
      expect(parseListing({ ...FORM, website: bad })).toEqual({
        field: 'website',
        key: 'listingWebsiteFormat',
      });
    }
    expect(parseListing({ ...FORM, website: 'HTTPS://X.IO' })).toHaveProperty('ok');
  });
});

describe('news articles', () => {
  it('title and body are required, the title at most 120 characters, the body at most 20 000', () => {
    expect(checkArticle(' ', 'b')).toEqual({ field: 'title', key: 'required' });
    expect(checkArticle('标'.repeat(120), 'b')).toBeNull();
    expect(checkArticle('标'.repeat(121), 'b')).toEqual({ field: 'title', key: 'textTooLong' });
    expect(checkArticle(' t ', ' \n ')).toEqual({ field: 'body', key: 'required' });
    expect(checkArticle('t', 'b'.repeat(20_000))).toBeNull();
    expect(checkArticle('t', 'b'.repeat(20_001))).toEqual({ field: 'body', key: 'textTooLong' });
    expect(checkArticle('t', '<b>x</b>')).toEqual({ field: 'body', key: 'newsRawHtml' });
    expect(checkArticle('t', '[x](javascript:alert(1))')).toEqual({ field: 'body', key: 'newsUnsafeLink' });
  });

  it('refuses raw HTML of every kind but keeps autolinks and comparisons', () => {
    for (const html of ['<div', '</p>', '<!-- c -->', '<?php', '<Script>', 'a <img src=x>']) {
      expect(unsafeMarkdown(html)).toBe('newsRawHtml');
    }
    for (const ok of ['2 < 3', '<https://x.io/a>', '<mailto:a@x.io>', 'a<1', '<HTTP://X.IO>']) {
      expect(unsafeMarkdown(ok)).toBeNull();
    }
    // An autolink does not hide a tag after it.
    expect(unsafeMarkdown('<https://x.io> <b>')).toBe('newsRawHtml');
  });

  it('refuses script links in inline and reference form, however written', () => {
    for (const body of [
      '[a](javascript:x)',
      '[a](  javascript:x)',
      '![i](data:image/png;base64,AA)',
      '[a](java&#x09;script:x)',
      '[a](JaVa\tScRiPt:x)',
      '[a](vbscript:x)',
      '[r]: javascript:x',
      '   [r]: data:x',
      'fine [a](https://x.io) then [b](file:///etc/passwd)',
    ]) {
      expect(unsafeMarkdown(body)).toBe('newsUnsafeLink');
    }
    for (const body of [
      '[a](https://x.io)',
      '[a](mailto:a@x.io)',
      '[a](/h5/#/news)',
      '[r]: http://x.io',
      '[a](#top)',
    ]) {
      expect(unsafeMarkdown(body)).toBeNull();
    }
    // A reference's label of any length, its target with or without a space after the colon; the
    // same words in the middle of a line are text, not a reference.
    expect(unsafeMarkdown('[ref]: javascript:x')).toBe('newsUnsafeLink');
    expect(unsafeMarkdown('[r]:javascript:x')).toBe('newsUnsafeLink');
    expect(unsafeMarkdown('see [r]: javascript:x')).toBeNull();
    // The same check twice in a row (the global patterns' positions are reset).
    expect(unsafeMarkdown('[a](javascript:x)')).toBe('newsUnsafeLink');
    expect(unsafeMarkdown('[r]: javascript:x')).toBe('newsUnsafeLink');
  });

  it('safe link targets', () => {
    expect(safeUrl('https://x.io')).toBe(true);
    expect(safeUrl('HTTP://x.io')).toBe(true);
    expect(safeUrl('mailto:a@x.io')).toBe(true);
    expect(safeUrl('relative/path')).toBe(true);
    expect(safeUrl('javascript:x')).toBe(false);
    expect(safeUrl('java&#115;cript:x')).toBe(false);
    // A browser decodes a numeric reference without its semicolon too.
    expect(safeUrl('java&#115cript:x')).toBe(false);
    // A colon after a path's first segment is no scheme.
    expect(safeUrl('/news/a:b')).toBe(true);
    expect(safeUrl('jav&tab;ascript:x')).toBe(false);
    expect(safeUrl('java\\script:x')).toBe(false);
    expect(safeUrl('java\u0001script:x')).toBe(false);
    expect(safeUrl('tel:123')).toBe(false);
    expect(safeUrl('a+b.c-d:x')).toBe(false);
  });

  it('plain text of a body: marks dropped, links as their text, whitespace folded, cut with an ellipsis', () => {
    const md = [
      '# Title',
      '',
      '> quoted *bold* _it_ `code` ~~gone~~',
      '- item [link text](https://x.io) ![alt](https://x.io/i.png)',
      '12. numbered',
      '```',
      'code block',
      '```',
      'end',
    ].join('\n');
    expect(plainText(md)).toBe('Title quoted bold it code gone item link text numbered end');
    expect(plainText('a'.repeat(140))).toBe('a'.repeat(140));
    expect(plainText('a'.repeat(141))).toBe(`${'a'.repeat(139)}…`);
    expect(plainText('字'.repeat(12), 10)).toBe(`${'字'.repeat(9)}…`);
    expect(plainText('   spaced\n\n  out  ')).toBe('spaced out');
    // A code block and an image leave a space between the words around them.
    expect(plainText('before```\ncode\n```after')).toBe('before after');
    expect(plainText('a![i](https://x.io/i.png)b')).toBe('a b');
    // Headings of every level, indented up to three spaces.
    expect(plainText('## Sub')).toBe('Sub');
    expect(plainText('   ### Deep')).toBe('Deep');
  });
});
