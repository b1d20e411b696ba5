import fs from 'node:fs';
import type { IndexHtmlTransformHook } from 'vite';
import { describe, expect, it } from 'vitest';
import { ICON_ID_PREFIX, inlineIcons, inlineSprite, svgDataUrl } from '../../../build/inline-icons';
import { ICON_NAMES } from '../../../src/components/icons';

const spriteUrl = new URL('../../../src/components/icons.svg', import.meta.url);
const faviconUrl = new URL('../../../public/favicon.svg', import.meta.url);
const html = `<!doctype html><html><head>
<link rel="icon" href="/h5/favicon.svg" type="image/svg+xml" />
</head><body>
<div id="root"></div></body></html>`;

function transform(source: string): string {
  const hook = inlineIcons({ sprite: spriteUrl, favicon: faviconUrl })
    .transformIndexHtml as IndexHtmlTransformHook;
  return hook.call({} as ThisParameterType<IndexHtmlTransformHook>, source, {
    path: '/index.html',
    filename: 'index.html',
  }) as string;
}

describe('inline icons', () => {
  it('puts every icon into the page as a hidden symbol with a prefixed id, and nothing else visible', () => {
    const out = transform(html);
    const svg = /<body>\s*(<svg[^>]*>[\s\S]*?<\/svg>)/.exec(out)?.[1] ?? '';
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" style="display:none" aria-hidden="true">/,
    );
    const ids = [...svg.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]);
    expect([...ids].sort()).toEqual(ICON_NAMES.map((name) => `${ICON_ID_PREFIX}${name}`).sort());
    expect(out.indexOf(svg)).toBeLessThan(out.indexOf('<div id="root">'));
  });

  it('replaces the favicon link with a data URL that decodes to the favicon itself', () => {
    const out = transform(html);
    expect(out).not.toContain('favicon.svg');
    const href = /<link rel="icon" href="([^"]+)"/.exec(out)?.[1] ?? '';
    expect(href.startsWith('data:image/svg+xml,')).toBe(true);
    const decoded = decodeURIComponent(href.slice('data:image/svg+xml,'.length));
    const original = fs.readFileSync(faviconUrl, 'utf8');
    const squash = (s: string) => s.replace(/>\s+</g, '><').replace(/\s+/g, ' ').replace(/"/g, "'").trim();
    expect(decoded).toBe(squash(original));
    expect(href).not.toMatch(/["<>#\n]/);
  });

  it('refuses a page without the favicon link rather than shipping it unchanged', () => {
    expect(() => transform('<html><head></head><body></body></html>')).toThrow(/no favicon link/);
  });

  it('keeps the drawing of each symbol and only its id changes', () => {
    const sprite =
      '<svg xmlns="x">\n  <symbol id="a" viewBox="0 0 24 24">\n    <path d="M1 2"/>\n  </symbol>\n</svg>\n';
    expect(inlineSprite(sprite)).toBe(
      `<svg xmlns="http://www.w3.org/2000/svg" style="display:none" aria-hidden="true"><symbol id="${ICON_ID_PREFIX}a" viewBox="0 0 24 24"><path d="M1 2"/></symbol></svg>`,
    );
    expect(svgDataUrl('<svg a="1">\n <g/>\n</svg>')).toBe(
      "data:image/svg+xml,%3Csvg a='1'%3E%3Cg/%3E%3C/svg%3E",
    );
  });
});
