// Renders the app icons (public/*.png) from one SVG drawing with Debian's headless Chromium.
// Run: node scripts/make-icons.mjs  — the PNGs are committed, so this runs only when the mark changes.
// With Debian's pngquant and optipng installed they are then reduced to a palette (about 4× smaller:
// the browser fetches the 192 px icon during a first visit, beside the page's own files).
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const NAVY = '#0b0e17';
const ACCENT = '#f7a600';
const UP = '#16c784';

/** The mark: three rising candles and a trend line, drawn on a 100×100 grid. */
const mark = `
  <g stroke-linecap="round">
    <line x1="30" y1="40" x2="30" y2="74" stroke="${UP}" stroke-width="2.5"/>
    <rect x="24" y="48" width="12" height="18" rx="2.5" fill="${UP}"/>
    <line x1="50" y1="30" x2="50" y2="66" stroke="${ACCENT}" stroke-width="2.5"/>
    <rect x="44" y="36" width="12" height="22" rx="2.5" fill="${ACCENT}"/>
    <line x1="70" y1="20" x2="70" y2="56" stroke="${ACCENT}" stroke-width="2.5"/>
    <rect x="64" y="25" width="12" height="22" rx="2.5" fill="${ACCENT}"/>
    <path d="M20 82 L42 70 L58 74 L82 58" fill="none" stroke="#e8ecf4" stroke-width="4" stroke-linejoin="round"/>
  </g>`;

/** `rounded`: a rounded tile for browsers; maskable icons fill the square and keep the mark in the safe zone. */
function svg({ rounded, scale }) {
  const inset = (100 - 100 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1a2340"/><stop offset="1" stop-color="${NAVY}"/>
    </linearGradient>
  </defs>
  <rect width="100" height="100" rx="${rounded ? 22 : 0}" fill="url(#bg)"/>
  <g transform="translate(${inset} ${inset}) scale(${scale})">${mark}</g>
</svg>`;
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
const page = await browser.newPage();
async function render(file, size, drawing) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${drawing.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
  );
  await page.screenshot({
    path: `public/${file}`,
    omitBackground: true,
    clip: { x: 0, y: 0, width: size, height: size },
  });
}
await render('icon-192.png', 192, svg({ rounded: true, scale: 1 }));
await render('icon-512.png', 512, svg({ rounded: true, scale: 1 }));
await render('icon-maskable-512.png', 512, svg({ rounded: false, scale: 0.72 }));
await render('apple-touch-icon.png', 180, svg({ rounded: false, scale: 0.85 }));
await writeFile('public/favicon.svg', svg({ rounded: true, scale: 1 }) + '\n');
await browser.close();

for (const file of ['icon-192.png', 'icon-512.png', 'icon-maskable-512.png', 'apple-touch-icon.png']) {
  try {
    const path = `public/${file}`;
    execFileSync('pngquant', [
      '--quality',
      '85-98',
      '--speed',
      '1',
      '--strip',
      '--force',
      '--output',
      path,
      path,
    ]);
    execFileSync('optipng', ['-quiet', '-o5', path]);
  } catch (e) {
    console.warn(`${file}: left unreduced (apt-get install pngquant optipng): ${String(e)}`);
  }
}
