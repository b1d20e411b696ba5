import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** Prefix of the sprite's symbol ids in the page, so they cannot meet any other element's id. */
export const ICON_ID_PREFIX = 'i-';

/**
 * The icon sprite as an inline `<svg>` that takes no room, for the top of `<body>`: its symbols' ids prefixed
 * with `i-` (src/components/icons.tsx refers to `#i-<name>`).
 */
export function inlineSprite(sprite: string): string {
  const body = sprite
    .replace(/^[\s\S]*?<svg[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '')
    .replace(/<symbol id="([^"]+)"/g, `<symbol id="${ICON_ID_PREFIX}$1"`)
    .replace(/>\s+</g, '><')
    .trim();
  // Not the `hidden` attribute: it hides HTML elements only, and an <svg> would take 300×150 px.
  return `<svg xmlns="http://www.w3.org/2000/svg" style="display:none" aria-hidden="true">${body}</svg>`;
}

/** An SVG file as a `data:` URL, percent-encoding only what a URL in an HTML attribute needs. */
export function svgDataUrl(svg: string): string {
  const compact = svg.replace(/>\s+</g, '><').replace(/\s+/g, ' ').trim().replace(/"/g, "'");
  return `data:image/svg+xml,${compact.replace(/[%#<>?\n]/g, encodeURIComponent)}`;
}

/**
 * Puts the icon sprite and the favicon into index.html instead of fetching them. Both used to be
 * requests of their own on a first visit: the sprite only after the framework had run (a round
 * trip after the framework, before any icon showed), and the favicon beside the page's scripts,
 * taking one of a phone's six connections to the server while they load. Together they are about
 * 2 KB of compressed HTML, and the page shows its icons in the same paint as its text.
 */
export function inlineIcons(files: { sprite: URL; favicon: URL }): Plugin {
  return {
    name: 'inline-icons',
    transformIndexHtml(html) {
      const sprite = inlineSprite(readFileSync(files.sprite, 'utf8'));
      const favicon = svgDataUrl(readFileSync(files.favicon, 'utf8'));
      const withFavicon = html.replace(
        /<link rel="icon" href="[^"]*favicon\.svg"/,
        () => `<link rel="icon" href="${favicon}"`,
      );
      if (withFavicon === html) throw new Error('inline-icons: no favicon link in index.html');
      return withFavicon.replace(/<body>/, () => `<body>\n    ${sprite}`);
    },
  };
}
