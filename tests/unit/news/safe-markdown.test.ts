import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { checkArticle, plainText, safeUrl, unsafeMarkdown } from '../../../domain/news-rules';
import { SafeMarkdown } from '../../../src/pages/news/safe-markdown';

const render = (body: string) => renderToStaticMarkup(createElement(SafeMarkdown, { body }));

/** The usual XSS payloads, in Markdown and raw HTML clothing. */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg/onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  '[x](javascript:alert(1))',
  '[x](JAVASCRIPT:alert(1))',
  '[x]( javascript:alert(1))',
  '[x](java\tscript:alert(1))',
  '[x](java&#x73;cript:alert(1))',
  '[x](vbscript:msgbox(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![x](javascript:alert(1))',
  '![x](https://evil.example/track.png)',
  '[x][r]\n\n[r]: javascript:alert(1)',
  '<details open ontoggle=alert(1)>',
  '<style>body{display:none}</style>',
  '<!--<script>alert(1)</script>-->',
  '"><script>alert(1)</script>',
  '<<script>script>alert(1)<</script>/script>',
];

describe('article Markdown', () => {
  it.each(PAYLOADS)('renders %j without script, handlers, raw HTML or unsafe URLs', (payload) => {
    const html = render(payload);
    expect(html).not.toMatch(/<script|<iframe|<svg|<img|<style|<details|<a [^>]*href="(?!https?:|mailto:)/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/javascript:|vbscript:|data:text/i);
  });

  it('keeps the safe subset: emphasis, lists, code and http links opened without opener', () => {
    const html = render('# Title\n\n**bold** _em_ `code`\n\n- one\n- two\n\n[site](https://example.com)');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">site</a>',
    );
  });

  it('refuses the payloads on publish (the server uses the same check)', () => {
    for (const p of PAYLOADS.filter((x) => !x.startsWith('![x](https'))) {
      expect(unsafeMarkdown(p), p).not.toBeNull();
    }
    expect(
      unsafeMarkdown('See <https://example.com> and [a](https://a.b/c) and [m](mailto:x@y.z)'),
    ).toBeNull();
    expect(unsafeMarkdown('2 < 3 and 5 > 4')).toBeNull();
    expect(checkArticle('', 'x')).toEqual({ field: 'title', key: 'required' });
    expect(checkArticle('t', '<b>x</b>')).toEqual({ field: 'body', key: 'newsRawHtml' });
  });

  it('accepts only http, https, mailto and site paths as link targets', () => {
    expect(safeUrl('/h5/#/pages/home/news')).toBe(true);
    expect(safeUrl('HTTPS://x.y')).toBe(true);
    expect(safeUrl(' javascript:x')).toBe(false);
    expect(safeUrl('file:///etc/passwd')).toBe(false);
  });

  it('makes plain excerpts', () => {
    expect(plainText('# Hi\n\n**there** [link](https://x.y)')).toBe('Hi there link');
    expect([...plainText('a'.repeat(500))].length).toBe(140);
  });
});
