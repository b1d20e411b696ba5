import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LANDING_ROUTES, bootScript, landingMap } from '../../../build/landing-preload';
import { ROUTES } from '../../../src/routes/route-table';

/** A bundle as the build hands it over: an entry, the pages with their imports, and locale chunks. */
const BUNDLE = {
  'index.js': { type: 'chunk', fileName: 'assets/index.js', isEntry: true, imports: ['assets/framework.js'] },
  'assets/framework.js': { type: 'chunk', fileName: 'assets/framework.js', imports: [] },
  ...Object.fromEntries(
    LANDING_ROUTES.map((r) => [
      r.module,
      {
        type: 'chunk',
        fileName: `assets/${r.path.split('/').pop()}-page.js`,
        facadeModuleId: `/repo/${r.module}`,
        // Each page shares the framework (already loaded) and has a helper of its own.
        imports: ['assets/framework.js', `assets/${r.path.split('/').pop()}-helper.js`],
      },
    ]),
  ),
  ...Object.fromEntries(
    LANDING_ROUTES.map((r) => {
      const name = `assets/${r.path.split('/').pop()}-helper.js`;
      return [name, { type: 'chunk', fileName: name, imports: [] }];
    }),
  ),
  'en-market': {
    type: 'chunk',
    fileName: 'assets/market-en.js',
    facadeModuleId: '/repo/locales/en/market.json',
  },
  'id-market': {
    type: 'chunk',
    fileName: 'assets/market-id.js',
    facadeModuleId: '/repo/locales/id/market.json',
  },
  'en-errors': {
    type: 'chunk',
    fileName: 'assets/errors-en.js',
    facadeModuleId: '/repo/locales/en/errors.json',
  },
  loader: {
    type: 'chunk',
    fileName: 'assets/bundles.js',
    facadeModuleId: '/repo/src/i18n/locale-bundles.ts',
  },
  'style.css': { type: 'asset', fileName: 'assets/style.css' },
} as const;

/** Runs the boot script in a fake page at `hash` with `lang` stored, and returns what it preloaded. */
function preloads(hash: string, lang: string | null): string[] {
  const links: { rel: string; href: string }[] = [];
  const context = {
    location: { hash },
    localStorage: { getItem: (k: string) => (k === 'lang' ? lang : null) },
    document: {
      createElement: () => ({ rel: '', href: '' }),
      head: { appendChild: (l: { rel: string; href: string }) => links.push(l) },
    },
  };
  vm.runInNewContext(bootScript(landingMap(BUNDLE, '/h5/')), context);
  expect(links.every((l) => l.rel === 'modulepreload')).toBe(true);
  return links.map((l) => l.href);
}

describe('landing route preload', () => {
  it('names the same page module and namespaces as the route table', () => {
    for (const landing of LANDING_ROUTES) {
      const route = ROUTES.find((r) => r.path === landing.path);
      expect(route, landing.path).toBeDefined();
      expect(route!.ns).toEqual(landing.ns);
      const source = route!.load!.toString();
      expect(source).toContain(landing.module.replace(/^src\//, '').replace(/\.tsx$/, ''));
    }
  });

  it('preloads the landing page, its own imports and its texts, never what the entry loads', () => {
    expect(preloads('#/pages/market/market?tab=USDT', 'en')).toEqual([
      '/h5/assets/market-page.js',
      '/h5/assets/market-helper.js',
      '/h5/assets/market-en.js',
      // The texts loader, needed before any texts bundle.
      '/h5/assets/bundles.js',
    ]);
    // Home without a hash, in the default language (its texts are in the shell: nothing to add).
    expect(preloads('', null)).toEqual(['/h5/assets/home-page.js', '/h5/assets/home-helper.js']);
    expect(preloads('#/', 'id')).toEqual(['/h5/assets/home-page.js', '/h5/assets/home-helper.js']);
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
});
