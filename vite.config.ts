import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { compileHints } from './build/compile-hints';
import { deferManifest } from './build/defer-manifest';
import { inlineIcons } from './build/inline-icons';
import { routerProductionAliases } from './build/router-production';
import { landingGroups, preloadLandingRoute } from './build/landing-preload';
import { startWorkerEarly } from './build/start-worker-early';

/** Where the reference server listens during `npm run dev` (it serves the built app itself in production). */
const SERVER = 'http://localhost:8080';

/** The page background of the dark theme; the manifest colours match it so the splash screen does not flash. */
const DARK_BG = '#0b0e17';

/**
 * Page areas whose face (`src/pages/<area>/index.ts`, re-exports only) the bundler may treat as free
 * of side effects: an import through it then links to the module it names, the face is placed in no
 * chunk, and an importer never loads a neighbour it does not use. These faces serve importers in
 * different chunk groups (news: home, the support tab, listing; lever: the orders tab, assets), and a
 * face with side effects is taken along by the first landing group that reaches it, with all it
 * re-exports and their CSS, which every other importer would then load. The older faces (trade,
 * market, assets, mine) are not listed: marking them regroups the `app` chunks (measured: four pages
 * 10 to 47 KiB gzip larger, seven smaller), a bundle change of its own.
 */
const PURE_FACES = ['lever', 'news'];

/**
 * Modules the bundler may drop when nothing of them is used. `domain/` is pure by design (DESIGN.md)
 * but its module-level constants (`Decimal.clone(…)`, `RegExp(…)`) look like side effects to a
 * bundler, and decimal.js declares no `sideEffects`: without this, importing the domain barrel would
 * put decimal.js and every rule into the first load. The faces of PURE_FACES too.
 */
const pure = new RegExp(
  `[\\\\/](node_modules[\\\\/]decimal\\.js|domain)[\\\\/]|[\\\\/]src[\\\\/]pages[\\\\/](${PURE_FACES.join('|')})[\\\\/]index\\.ts$`,
);
const sideEffects = (id: string): boolean => !pure.test(id);

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** Where the app is served. */
const BASE = '/h5/';

export default defineConfig(({ command }) => ({
  base: BASE,
  define: { __APP_VERSION__: JSON.stringify(version) },
  resolve: { alias: routerProductionAliases(command) },
  plugins: [
    react(),
    inlineIcons({
      sprite: new URL('./src/components/icons.svg', import.meta.url),
      favicon: new URL('./public/favicon.svg', import.meta.url),
    }),
    startWorkerEarly(),
    preloadLandingRoute(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      // src/pwa registers the service worker itself (workbox-window), so it can show the update prompt.
      injectRegister: false,
      manifest: {
        id: '/h5/',
        name: 'Exchange',
        short_name: 'Exchange',
        description: 'Digital-asset exchange: markets, spot, contracts, options, fiat and savings.',
        lang: 'id',
        start_url: '/h5/',
        scope: '/h5/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: DARK_BG,
        background_color: DARK_BG,
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // Every lazily loaded page and locale chunk is a js file here, so the whole shell works offline.
        globPatterns: ['**/*.{js,css,html,png,svg,json,woff2,webmanifest}'],
        // Except the HLS player (about 180 KB gzip): a live stream needs the network anyway, and
        // every installed app would otherwise download it, metered connections included.
        globIgnores: ['**/hls-*.js'],
      },
    }),
    // After VitePWA, whose manifest link it takes out of the HTML.
    deferManifest(BASE),
    // The chunk groups below whose code a first visit runs almost all of.
    compileHints(['framework', 'forms']),
  ],
  worker: { format: 'es', rolldownOptions: { treeshake: { moduleSideEffects: sideEffects } } },
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: false,
    // Every browser that runs this app supports modulepreload; the polyfill would only add bytes.
    modulePreload: {
      polyfill: false,
      // A page's imports are preloaded with it only for the pages a first visit lands on (home,
      // market, K-line, trade); every listed file name sits in the first-load chunk, and the other
      // pages load from the service worker's precache anyway after the first visit.
      resolveDependencies: (filename, deps, { hostType }) =>
        hostType === 'js' && !/(?:^|\/)(?:home|market|kline|trade)-page-/.test(filename) ? [] : deps,
    },
    rolldownOptions: {
      treeshake: { moduleSideEffects: sideEffects },
      output: {
        // The `app` group's chunks are named after every page that shares them: keep their names short.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('app~') ? 'assets/app-[hash].js' : 'assets/[name]-[hash].js',
        // The libraries every first visit loads anyway, in one file: it compresses better than a
        // dozen small ones and costs fewer round trips.
        codeSplitting: {
          groups: [
            {
              // The chart library, for the K-line page only, in a chunk of its own (it has no
              // dependencies to take along).
              name: 'charts',
              test: /[\\/]node_modules[\\/](lightweight-charts|fancy-canvas)[\\/]/,
              priority: 2,
            },
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|comlink)[\\/]/,
              priority: 2,
            },
            {
              // The app's own first-load modules (not whole folders: a page-only component must stay
              // with its page), with the ticker and number code home shares with the market pages:
              // as chunks of their own they cost a request and a module wrapper each. The star and
              // the favourites, which the market list shares with the K-line page, are here too: in
              // the `app` group they were merged into the K-line page's chart code, and the market
              // list loaded the chart library (build/landing-preload.ts now fails such a build).
              // The texts loader (a map of ~100 file names, 1.2 KiB gzip) and the default language's
              // message texts (4 KiB, loaded right after every first load anyway) are here too: a
              // landing page whose texts are in its own group (kefu, mine, contracts, P2P) would
              // otherwise fetch them as files of their own before its first paint. The paging hook
              // (core/use-paged, 0.5 KiB gzip) too: news (the support tab) and the option history
              // page with it, and the orders tab's group, the first to reach it otherwise, would be
              // loaded by the support and options landing pages.
              name: 'shell',
              test: /[\\/]src[\\/](core[\\/](contexts|core-client|core-provider|use-call|intents|use-refresh-user|trade-password-prompt|after-first-render|use-paged)|components[\\/](use-online|toast|offline-banner|screen|sign-in-link|screen-route|pull-to-refresh|spinner|use-go-back|icons|loading-indicator|data-age|as-of-format)|i18n[\\/](i18n|use-translation|format|warm-numbers|locale-bundles)|routes[\\/][^/\\]+|prefs[\\/][^/\\]+|pages[\\/]market[\\/](market-icons|use-favourites|use-tickers|socket-state|watch|use-locale|change-pill|format-market|rank-tickers)|app|main)\.tsx?$|[\\/]domain[\\/](display|decimal-compare|decimal-text)\.ts$|[\\/]locales[\\/]id[\\/](common|home|errors)\.json$/,
              priority: 1,
            },
            {
              // What trade shares with the K-line page, which would otherwise load all of `trade-first`
              // through it: a group takes along the dependencies no group before it took, so this one
              // comes after the shell (or it would take shell modules) and before `trade-first`.
              name: 'numbers-dialog',
              test: /[\\/]src[\\/](components[\\/](dialog|summary-dialog)|i18n[\\/](numbers|use-numbers))\.tsx?$/,
              priority: 1,
            },
            {
              // What trade shares with the market list and the K-line page (the catalog, the live
              // data channels), kept apart from `trade-first` for the same reason; with their texts
              // in the default language (and the texts loader, now in the shell), three more files in flight
              // before the first paint (trade's LCP in 20 interleaved runs: mean 1938 -> 1802 ms,
              // over 2 s in 5 runs -> none; build/landing-preload.ts now fails a build without).
              name: 'market-shared',
              test: /[\\/](src[\\/](core[\\/](use-catalog|use-private-events)|components[\\/]use-reconnect)\.tsx?|domain[\\/]market-data\.ts|locales[\\/]id[\\/]market\.json)$/,
              priority: 1,
            },
            {
              // The trade page's own first-load modules in one file. The `app` group split them by the
              // set of pages sharing each (lever, options, assets pages), and a first visit to trade
              // fetched six files of 1–3 KB beside the framework: on a phone's link every file in
              // flight takes its share of the bandwidth for at least a round trip, and the framework
              // arrived later (Lighthouse's LCP, which counts every file that ends before the largest
              // paint, was FCP + 150 ms; with this group it is typically FCP + 75 ms). The other
              // pages that use these modules load this file instead, from the service worker's
              // precache after a first visit. Its texts in the default language are here too, and
              // the coin amount and the dated reads (over `amount` and `use-private-read`, here):
              // left to `entrust-first`, the first group to reach them, they drew that whole file
              // (20 KiB, the contract positions) into the first load of the P2P hall and the
              // options page. Not
              // here: what the market list shares (it would load the lot) and the order form, which
              // loads after the first paint.
              name: 'trade-first',
              test: /[\\/]src[\\/](pages[\\/]trade[\\/](index|use-balances|order-book|pair-bar|use-book|use-ticker|percent-buttons|order-summary|login-to-trade|side-tabs|open-orders-section|lazy-order-form|order-form-frame|live-market|more-button|order-card|use-cancel-order|use-open-orders)|components[\\/](as-of|load-state|amount|coin-amount|confirm-dialog)|core[\\/](use-private-read|use-dated-read))\.tsx?$|[\\/]domain[\\/]book-steps\.ts$|[\\/]locales[\\/]id[\\/]trade\.json$/,
              priority: 1,
            },
            {
              // The form library and the app's field components, for every page with a form. As
              // part of the `app` group the password field, a few hundred bytes, was merged with the
              // sign-in forms' fields, and the trade page (which asks for the trade password)
              // loaded all of them. With the input rules (domain/rules.ts): the P2P hall's group,
              // the first to reach them, took them along, and the sign-in forms a first visit loads
              // after home renders fetched that group (37 KiB gzip of P2P pages) for them.
              name: 'forms',
              test: /[\\/]node_modules[\\/]react-hook-form[\\/]|[\\/]src[\\/]forms[\\/](text-field|password-field|field-errors|submit-button|rules-resolver)\.tsx?$|[\\/]domain[\\/]rules\.ts$/,
              priority: 1,
            },
            // The other landing pages (orders, support, mine, contracts, options, P2P), a group each
            // with their first-load modules and texts: 4, 1, 1, 5, 5 and 9 files instead of 13, 10,
            // 2, 13, 13 and 14 in `app` chunks (the build's own report). A group takes along what no
            // group before it took, so a page that shares a module with one of them loads its
            // group: the asset pages load the P2P hall's (37 KiB gzip), from the precache after a
            // first visit.
            ...landingGroups(),
            {
              // Everything else of the app, split by the set of pages that use it, with the small
              // sets merged into their neighbours: a page's first load is then a few files instead
              // of a dozen 1–2 KB ones, each a round trip on a phone's link.
              name: 'app',
              // Pages, texts and the texts loader stay chunks of their own: they are loaded by name.
              // So does the service worker's registration (src/pwa), which every first visit loads
              // after the page: merged into a neighbour, it once brought along the contract,
              // options and P2P groups (12 more files after home rendered).
              test: (id: string) =>
                /[\\/](src|domain)[\\/]/.test(id) &&
                !/(-page\.tsx|[\\/]locales[\\/].*\.json|locale-bundles\.ts|[\\/]src[\\/]pwa[\\/][^\\/]+\.ts)$/.test(
                  id,
                ),
              priority: 0,
              entriesAware: true,
              entriesAwareMergeThreshold: 8000,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: SERVER, changeOrigin: true },
      '/address': { target: SERVER, changeOrigin: true },
      '/ws': { target: SERVER, ws: true, changeOrigin: true },
    },
  },
}));
