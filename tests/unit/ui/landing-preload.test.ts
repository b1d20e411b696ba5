import { randomBytes } from 'node:crypto';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LANDING_ROUTES, bootScript, landingGroups, landingMap } from '../../../build/landing-preload';
import { ROUTES, TABS } from '../../../src/routes/route-table';
import { LIGHTHOUSE_PAGES } from '../../../bench/lighthouse-pages';

const SHARED = 'assets/market-shared.js';
/** The pages that share a chunk with the market list (its texts). */
const MARKET_PAGES = new Set(['market', 'kline', 'trade', 'second']);
const nameOf = (path: string) => path.split('/').pop()!;
/** The namespaces of a page's texts its own chunks hold: all but the shell's and the market list's. */
const ownTexts = (ns: readonly string[]) =>
  ns.filter((n) => !['common', 'home', 'market'].includes(n)).map((n) => `/repo/locales/id/${n}.json`);
/** A page with a budget of one file holds its helpers and texts itself (a chunk group of its own). */
const alone = (r: (typeof LANDING_ROUTES)[number]) => r.maxFiles === 1;

/**
 * A bundle as the build hands it over: an entry (with the shell's texts and the texts loader), the
 * pages with their imports, a group the market pages share, and locale chunks of other languages.
 */
const BUNDLE = {
  'index.js': { type: 'chunk', fileName: 'assets/index.js', isEntry: true, imports: ['assets/framework.js'] },
  'assets/framework.js': {
    type: 'chunk',
    fileName: 'assets/framework.js',
    imports: [],
    moduleIds: [
      '/repo/src/app.tsx',
      '/repo/src/i18n/locale-bundles.ts',
      '/repo/locales/id/common.json',
      '/repo/locales/id/home.json',
    ],
  },
  ...Object.fromEntries(
    LANDING_ROUTES.map((r) => [
      r.module,
      {
        type: 'chunk',
        fileName: `assets/${nameOf(r.path)}-page.js`,
        facadeModuleId: `/repo/${r.module}`,
        moduleIds: [`/repo/${r.module}`, ...(alone(r) ? ownTexts(r.ns) : [])],
        // Each page shares the framework (already loaded) and has a helper of its own.
        imports: [
          'assets/framework.js',
          ...(alone(r) ? [] : [`assets/${nameOf(r.path)}-helper.js`]),
          ...(MARKET_PAGES.has(nameOf(r.path)) ? [SHARED] : []),
        ],
      },
    ]),
  ),
  ...Object.fromEntries(
    LANDING_ROUTES.filter((r) => !alone(r)).map((r) => {
      const name = `assets/${nameOf(r.path)}-helper.js`;
      // The trade page's helper brings a stylesheet along (vite's record of it).
      const css =
        nameOf(r.path) === 'trade'
          ? { viteMetadata: { importedCss: new Set(['assets/trade-helper.css']) } }
          : {};
      return [
        name,
        { type: 'chunk', fileName: name, imports: [], moduleIds: [name, ...ownTexts(r.ns)], ...css },
      ];
    }),
  ),
  [SHARED]: {
    type: 'chunk',
    fileName: SHARED,
    imports: [],
    moduleIds: ['/repo/src/core/use-catalog.ts', '/repo/locales/id/market.json'],
  },
  'en-market': {
    type: 'chunk',
    fileName: 'assets/market-en.js',
    facadeModuleId: '/repo/locales/en/market.json',
  },
  'en-home': {
    type: 'chunk',
    fileName: 'assets/home-en.js',
    facadeModuleId: '/repo/locales/en/home.json',
  },
  'en-errors': {
    type: 'chunk',
    fileName: 'assets/errors-en.js',
    facadeModuleId: '/repo/locales/en/errors.json',
  },
  'style.css': { type: 'asset', fileName: 'assets/style.css' },
} as const;

/**
 * Runs the boot script in a fake page at `hash` with `lang` stored, and returns what it preloaded:
 * a script's URL, or `style:` and the URL of a stylesheet.
 */
function preloads(hash: string, lang: string | null): string[] {
  const links: { rel: string; href: string; as?: string }[] = [];
  const context = {
    location: { hash },
    localStorage: { getItem: (k: string) => (k === 'lang' ? lang : null) },
    document: {
      createElement: () => ({ rel: '', href: '' }),
      head: { appendChild: (l: { rel: string; href: string }) => links.push(l) },
    },
  };
  vm.runInNewContext(bootScript(landingMap(BUNDLE, '/h5/')), context);
  return links.map((l) => {
    if (l.rel === 'modulepreload' && l.as === undefined) return l.href;
    // A stylesheet is preloaded, never added: the page's import adds it and waits for it.
    expect(l).toMatchObject({ rel: 'preload', as: 'style' });
    return `style:${l.href}`;
  });
}

describe('landing route preload', () => {
  it('covers every tab and the first pages of contracts, options and P2P, all measured by Lighthouse', () => {
    const landing = LANDING_ROUTES.map((r) => r.path);
    for (const path of [
      ...TABS.map((t) => t.path),
      '/pages/lever/lever',
      '/pages/market/second',
      '/pages/legal/legal',
    ]) {
      expect(landing, path).toContain(path);
    }
    const measured = LIGHTHOUSE_PAGES.map(([, url]) => url.replace(/^\/h5\/(#)?/, '') || '/pages/home/home');
    // The K-line page (reached from a price, not a first page of its own) is not measured.
    expect(measured.sort()).toEqual(landing.filter((p) => p !== '/pages/market/kline').sort());
  });

  it('names the same page module and namespaces as the route table', () => {
    for (const landing of LANDING_ROUTES) {
      const route = ROUTES.find((r) => r.path === landing.path);
      expect(route, landing.path).toBeDefined();
      expect(route!.ns).toEqual(landing.ns);
      const source = route!.load!.toString();
      expect(source).toContain(landing.module.replace(/^src\//, '').replace(/\.tsx?$/, ''));
    }
  });

  it('preloads the landing page, its own imports and its texts, never what the entry loads', () => {
    expect(preloads('#/pages/market/market?tab=USDT', 'en')).toEqual([
      '/h5/assets/market-page.js',
      '/h5/assets/market-helper.js',
      '/h5/assets/market-shared.js',
      '/h5/assets/market-en.js',
    ]);
    // The default language's texts ride with the page's scripts.
    expect(preloads('#/pages/trade/trade', 'id')).toEqual([
      '/h5/assets/trade-page.js',
      '/h5/assets/trade-helper.js',
      '/h5/assets/market-shared.js',
      // With the stylesheet its scripts bring along, requested beside them, not after they ran.
      'style:/h5/assets/trade-helper.css',
    ]);
    // Home without a hash, in the default language (its texts are in the shell: nothing to add).
    expect(preloads('', null)).toEqual(['/h5/assets/home-page.js', '/h5/assets/home-helper.js']);
    expect(preloads('#/', 'id')).toEqual(['/h5/assets/home-page.js', '/h5/assets/home-helper.js']);
    // In another language home needs a texts bundle (the loader is part of the shell).
    expect(preloads('#/', 'en')).toEqual([
      '/h5/assets/home-page.js',
      '/h5/assets/home-helper.js',
      '/h5/assets/home-en.js',
    ]);
    // A page with a chunk group of its own: one file, its texts inside.
    expect(preloads('#/pages/mine/kefu', 'id')).toEqual(['/h5/assets/kefu-page.js']);
  });

  it("fails the build when a landing page would fetch its default language's texts or their loader apart", () => {
    const helper = BUNDLE['assets/trade-helper.js' as keyof typeof BUNDLE];
    const tradeTextsApart = {
      ...BUNDLE,
      'assets/trade-helper.js': { ...helper, moduleIds: ['assets/trade-helper.js'] },
      'id-trade': {
        type: 'chunk' as const,
        fileName: 'assets/trade-id.js',
        facadeModuleId: '/repo/locales/id/trade.json',
      },
    };
    expect(() => landingMap(tradeTextsApart, '/h5/')).toThrow(
      /\/pages\/trade\/trade would fetch its id texts \(trade\) as a file of its own/,
    );
    const framework = BUNDLE['assets/framework.js'];
    const loaderApart = {
      ...BUNDLE,
      'assets/framework.js': {
        ...framework,
        moduleIds: framework.moduleIds.filter((id) => !id.endsWith('locale-bundles.ts')),
      },
      loader: {
        type: 'chunk' as const,
        fileName: 'assets/bundles.js',
        facadeModuleId: '/repo/src/i18n/locale-bundles.ts',
      },
    };
    expect(() => landingMap(loaderApart, '/h5/')).toThrow(
      /\/pages\/market\/market would fetch the texts loader as a file of its own/,
    );
  });

  it('reports each landing page against its budget', () => {
    const lines: string[] = [];
    landingMap(BUNDLE, '/h5/', (line) => lines.push(line));
    expect(lines).toHaveLength(LANDING_ROUTES.length);
    expect(lines[0]).toMatch(/^landing \/pages\/home\/home: 2 of 2 script files/);
  });

  it('gives a landing page with a group its module and its default-language texts, nothing else', () => {
    const groups = landingGroups();
    const lever = groups.find((g) => g.name === 'lever-first')!;
    const entrust = groups.find((g) => g.name === 'entrust-first')!;
    expect(lever.test.test('/repo/src/pages/lever/lever-page.tsx')).toBe(true);
    expect(lever.test.test('C:\\repo\\src\\pages\\lever\\lever-page.tsx')).toBe(true);
    expect(lever.test.test('/repo/src/pages/lever/lever-list-page.tsx')).toBe(false);
    expect(lever.test.test('/repo/src/pages/lever/lever-page.tsx.map')).toBe(false);
    expect(entrust.test.test('/repo/locales/id/lever.json')).toBe(true);
    expect(entrust.test.test('/repo/locales/en/lever.json')).toBe(false);
    // In LANDING_ROUTES order: a page listed earlier keeps what it shares with a later one.
    const order = LANDING_ROUTES.flatMap((r) => (r.group ? [r.group.name] : []));
    expect(groups.map((g) => g.name)).toEqual(order);
    expect(groups.every((g) => g.priority === 1)).toBe(true);
  });

  it('preloads nothing for a page a first visit rarely lands on', () => {
    expect(preloads('#/pages/assets/assets', 'en')).toEqual([]);
  });

  it('fails the build when a landing page has no chunk', () => {
    expect(() => landingMap({ 'index.js': BUNDLE['index.js'] }, '/h5/')).toThrow(/no chunk/);
  });

  it('fails the build when a page other than the K-line page would load the chart library', () => {
    const chartHelper = (name: string) => ({
      ...BUNDLE[name as keyof typeof BUNDLE],
      moduleIds: [
        '/repo/src/pages/market/market-icons.tsx',
        '/repo/node_modules/lightweight-charts/dist/x.js',
      ],
    });
    // The K-line page may.
    const kline = { ...BUNDLE, 'assets/kline-helper.js': chartHelper('assets/kline-helper.js') };
    expect(landingMap(kline, '/h5/').r['/pages/market/kline']).toContain('/h5/assets/kline-helper.js');
    // The market list may not.
    const market = { ...BUNDLE, 'assets/market-helper.js': chartHelper('assets/market-helper.js') };
    expect(() => landingMap(market, '/h5/')).toThrow(/\/pages\/market\/market would load the chart library/);
  });

  it('fails the build when a landing page would load more script files than its budget', () => {
    // Home may load 2 files beyond the entry's: its page and one helper pass.
    expect(landingMap(BUNDLE, '/h5/').r['/pages/home/home']).toHaveLength(2);
    // A third (a shared module the bundler split off) fails, naming the files.
    const extra = { type: 'chunk' as const, fileName: 'assets/home-extra.js', imports: [] };
    const helper = BUNDLE['assets/home-helper.js' as keyof typeof BUNDLE];
    const split = {
      ...BUNDLE,
      'assets/home-helper.js': { ...helper, imports: ['assets/home-extra.js'] },
      'assets/home-extra.js': extra,
    };
    expect(() => landingMap(split, '/h5/')).toThrow(
      /\/pages\/home\/home would load 3 script files, more than its 2 \(.*home-extra\.js\)/,
    );
  });

  it('fails the build when a landing page would load more gzip bytes than its budget', () => {
    const budget = LANDING_ROUTES.find((r) => r.path === '/pages/legal/legal')!.maxGzipKiB;
    const page = BUNDLE['src/pages/legal/legal-page.tsx' as keyof typeof BUNDLE];
    // Text that barely compresses (base64 of random bytes, about 6 bits a character), about `kib` gzip.
    const code = (kib: number) => randomBytes(Math.round(kib * 1024)).toString('base64');
    const lines: string[] = [];
    landingMap({ ...BUNDLE, page: { ...page, code: code(budget - 2) } }, '/h5/', (l) => lines.push(l));
    expect(lines.find((l) => l.includes('/pages/legal/legal'))).toMatch(
      new RegExp(`KiB raw, \\d+\\.\\d of ${budget} KiB gzip`),
    );
    expect(() => landingMap({ ...BUNDLE, page: { ...page, code: code(budget + 2) } }, '/h5/')).toThrow(
      new RegExp(`/pages/legal/legal would load \\d+\\.\\d KiB gzip of scripts, more than its ${budget} `),
    );
  });
});
