import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * A page a first visit can land on: a shared link or a bookmark opens it directly. Its module and
 * text namespaces must match its entry in src/routes/route-table.ts (a unit test keeps them equal).
 */
export interface LandingRoute {
  /** The hash route, such as `/pages/market/market`. */
  path: string;
  /** The page's module, relative to the repository root. */
  module: string;
  /** The route's `ns`. */
  ns: readonly string[];
  /** The page draws a chart: only such a page may load the chart library (a 49 KB br chunk). */
  charts?: true;
  /**
   * A chunk group of its own (vite.config.ts, `landingGroups`): the page with the first-load modules
   * no earlier group took, and these namespaces of its texts in the default language. Without it
   * the `app` group split the page's modules by the set of pages sharing each, 10 to 14 files.
   */
  group?: { name: string; texts: readonly string[] };
  /**
   * Most script files the page may load beyond the entry's own: on a phone's link each file in
   * flight takes its share of the bandwidth for at least a round trip, beside the framework. The
   * bundler regroups shared modules as the app changes; the build fails instead of a first visit
   * quietly fetching more files (vite.config.ts's chunk groups keep these numbers).
   */
  maxFiles: number;
  /**
   * Most gzip KiB (level 9) those files may weigh together: what the page's first load adds to the
   * entry's scripts (home's whole first load has its own budget, bench/home-js-size.ts). A page
   * module that takes along a dialog, another page or a library it draws only later fails the
   * build instead of slowing the largest paint (the P2P hall took every fiat page, 81.7 KiB).
   */
  maxGzipKiB: number;
}

/**
 * The pages a first visit lands on: the tab bar's five tabs, the two a price link opens, and the
 * first pages of contracts, options and the P2P hall (issue 29: every landing page as fast as
 * home; `npm run bench -- lighthouse` measures each of them). The gzip budgets are what each page
 * loaded when they were set, rounded up with about half a KiB to spare; the P2P hall went from 9
 * files (81.7 KiB gzip) to 4 (20.3), options from 5 (25.7) to 4 (17.1) when their pages stopped
 * taking along what they draw only after a tap, other pages' modules or a whole pages' index.
 */
export const LANDING_ROUTES: readonly LandingRoute[] = [
  {
    path: '/pages/home/home',
    module: 'src/pages/home/home-page.tsx',
    ns: ['common', 'home'],
    maxFiles: 2,
    maxGzipKiB: 3,
  },
  {
    path: '/pages/market/market',
    module: 'src/pages/market/market-page.tsx',
    ns: ['common', 'market'],
    maxFiles: 3,
    maxGzipKiB: 5,
  },
  {
    path: '/pages/market/kline',
    module: 'src/pages/market/kline-page.tsx',
    ns: ['common', 'market'],
    charts: true,
    maxFiles: 5,
    maxGzipKiB: 60,
  },
  {
    path: '/pages/trade/trade',
    module: 'src/pages/trade/trade-page.tsx',
    ns: ['common', 'trade', 'market'],
    maxFiles: 4,
    maxGzipKiB: 13,
  },
  {
    path: '/pages/trade/entrust',
    module: 'src/pages/trade/entrust-page.tsx',
    ns: ['common', 'trade', 'lever'],
    group: { name: 'entrust-first', texts: ['lever'] },
    maxFiles: 4,
    maxGzipKiB: 19,
  },
  {
    path: '/pages/mine/kefu',
    module: 'src/pages/kefu/kefu-page.tsx',
    ns: ['common', 'home', 'content', 'errors'],
    group: { name: 'kefu-first', texts: ['content'] },
    maxFiles: 1,
    maxGzipKiB: 7,
  },
  {
    path: '/pages/mine/index',
    module: 'src/pages/mine/mine-index-page.tsx',
    ns: ['common', 'mine'],
    group: { name: 'mine-first', texts: ['mine'] },
    maxFiles: 1,
    maxGzipKiB: 4,
  },
  {
    path: '/pages/lever/lever',
    module: 'src/pages/lever/lever-page.tsx',
    ns: ['common', 'lever', 'trade', 'errors'],
    group: { name: 'lever-first', texts: [] },
    maxFiles: 5,
    maxGzipKiB: 22,
  },
  {
    path: '/pages/market/second',
    module: 'src/pages/second/second-page.tsx',
    ns: ['common', 'second', 'trade', 'market'],
    group: { name: 'second-first', texts: ['second'] },
    maxFiles: 4,
    maxGzipKiB: 18,
  },
  {
    path: '/pages/legal/legal',
    module: 'src/pages/legal/legal-page.tsx',
    ns: ['common', 'legal', 'errors', 'assets'],
    group: { name: 'legal-first', texts: ['legal', 'assets'] },
    maxFiles: 4,
    maxGzipKiB: 21,
  },
];

/** The language of a first visit (src/prefs: the app's default). */
const DEFAULT_LANG = 'id';

/** A path inside the repository as a pattern matching a module id's end, with either separator. */
const idEnd = (file: string) =>
  `[\\\\/]${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\//g, '[\\\\/]')}`;

/**
 * The landing pages' own chunk groups, in LANDING_ROUTES order (a group takes along the
 * dependencies no group before it took, so a page listed earlier keeps what it shares with a later
 * one, which then loads both files). For vite.config.ts, after the shared groups, before `app`.
 */
export function landingGroups(): { name: string; test: RegExp; priority: number }[] {
  return LANDING_ROUTES.flatMap(({ group, module }) =>
    group
      ? [
          {
            name: group.name,
            test: new RegExp(
              `(${[idEnd(module), ...group.texts.map((ns) => idEnd(`locales/${DEFAULT_LANG}/${ns}.json`))].join('|')})$`,
            ),
            priority: 1,
          },
        ]
      : [],
  );
}

/** The parts of a bundled chunk this plugin reads (Rollup's and Rolldown's output chunk). */
interface ChunkInfo {
  type: 'chunk' | 'asset';
  fileName: string;
  facadeModuleId?: string | null;
  isEntry?: boolean;
  imports?: readonly string[];
  moduleIds?: readonly string[];
  /** The chunk's code (for the build's report). */
  code?: string;
  /** Vite's record of the stylesheets the chunk brings along (loaded when it is imported). */
  viteMetadata?: { importedCss?: ReadonlySet<string> };
}

/** The chart library's modules. */
const CHART_MODULES = /\/node_modules\/(lightweight-charts|fancy-canvas)\//;

/** What the boot script needs: per route its scripts, per language and namespace its texts' script. */
export interface LandingMap {
  /** Route path → script URLs (the page's chunk and its static imports outside the entry's). */
  r: Record<string, string[]>;
  /** Route path → the stylesheets those scripts bring along (absent when none). */
  c: Record<string, string[]>;
  /** Route path → namespaces. */
  n: Record<string, readonly string[]>;
  /** Language → namespace → script URL of that bundle (absent when it is part of the shell). */
  l: Record<string, Record<string, string>>;
  /** The default language. */
  d: string;
  /** The script holding the texts loader (src/i18n/locale-bundles.ts), needed before any of `l`. */
  b?: string;
}

const normal = (id: string) => id.replace(/\\/g, '/');

/**
 * Builds the map from the bundle: which files each landing route needs beyond the entry's own.
 * `report` gets one line per landing page: its files against its budget, and their size.
 */
export function landingMap(
  bundle: Record<string, ChunkInfo>,
  base: string,
  report?: (line: string) => void,
): LandingMap {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: string, into = new Set<string>()): Set<string> => {
    if (into.has(start)) return into;
    into.add(start);
    for (const dep of byFile.get(start)?.imports ?? []) closure(dep, into);
    return into;
  };
  const loaded = new Set<string>();
  for (const entry of chunks.filter((c) => c.isEntry)) closure(entry.fileName, loaded);

  /** Whether one of `files` holds the module whose id ends with `tail`. */
  const holds = (files: Iterable<string>, tail: string) =>
    [...files].some((f) => byFile.get(f)?.moduleIds?.some((id) => normal(id).endsWith(tail)));
  const text = (ns: string) => `/locales/${DEFAULT_LANG}/${ns}.json`;

  const map: LandingMap = { r: {}, c: {}, n: {}, l: {}, d: DEFAULT_LANG };
  // Every landing page's faults at once: a chunk regrouping often moves several pages.
  const problems: string[] = [];
  for (const route of LANDING_ROUTES) {
    // A page module in a chunk group (the P2P pages' index is one) is that chunk.
    const page =
      chunks.find((c) => normal(c.facadeModuleId ?? '').endsWith(`/${route.module}`)) ??
      chunks.find((c) => c.moduleIds?.some((id) => normal(id).endsWith(`/${route.module}`)));
    if (!page) throw new Error(`landing-preload: no chunk for ${route.module}`);
    const files = [...closure(page.fileName)].filter((f) => !loaded.has(f));
    // A small module shared with the K-line page can be merged into its chunk by the bundler, and
    // a page then loads the chart library for an icon (market did, after an unrelated change).
    const charts = files.find((f) => byFile.get(f)?.moduleIds?.some((id) => CHART_MODULES.test(normal(id))));
    if (charts && !route.charts) {
      problems.push(
        `landing-preload: ${route.path} would load the chart library (${charts}, imported by ${files.filter((f) => byFile.get(f)?.imports?.includes(charts)).join(', ')}); give the module it shares with the K-line page a chunk group of its own (vite.config.ts)`,
      );
    }
    if (files.length > route.maxFiles) {
      problems.push(
        `landing-preload: ${route.path} would load ${files.length} script files, more than its ${route.maxFiles} (${files.join(', ')}); group its modules (vite.config.ts) or raise maxFiles with a measurement`,
      );
    }
    // A first visit in the default language must not wait for its texts as files of their own: a
    // file in flight beside the framework costs the largest paint about a round trip on a phone.
    const reached = [...loaded, ...files];
    const apart = route.ns.filter((ns) => !holds(reached, text(ns)));
    const loader =
      route.ns.some((ns) => !holds(loaded, text(ns))) && !holds(reached, '/src/i18n/locale-bundles.ts');
    if (apart.length > 0 || loader) {
      problems.push(
        `landing-preload: ${route.path} would fetch ${apart.length > 0 ? `its ${DEFAULT_LANG} texts (${apart.join(', ')})` : 'the texts loader'} as a file of its own; put it in a chunk group the page loads (vite.config.ts)`,
      );
    }
    const gzip = files.reduce((sum, f) => sum + gzipSync(byFile.get(f)?.code ?? '', { level: 9 }).length, 0);
    if (gzip > route.maxGzipKiB * 1024) {
      problems.push(
        `landing-preload: ${route.path} would load ${(gzip / 1024).toFixed(1)} KiB gzip of scripts, more than its ${route.maxGzipKiB} (${files.join(', ')}); load what the first paint does not need later (React.lazy) or raise maxGzipKiB with a measurement`,
      );
    }
    map.r[route.path] = files.map((f) => base + f);
    const css = [...new Set(files.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]))];
    if (css.length > 0) map.c[route.path] = css.map((f) => base + f);
    map.n[route.path] = route.ns;
    const bytes = files.reduce((sum, f) => sum + (byFile.get(f)?.code?.length ?? 0), 0);
    report?.(
      `landing ${route.path}: ${files.length} of ${route.maxFiles} script files, ${(bytes / 1024).toFixed(1)} KiB raw, ${(gzip / 1024).toFixed(1)} of ${route.maxGzipKiB} KiB gzip${apart.length > 0 ? `, ${DEFAULT_LANG} texts apart: ${apart.join(', ')}` : ''}`,
    );
    // LANDING_VERBOSE=1 lists each file's modules, to see which import drew a file into a first load.
    if (process.env.LANDING_VERBOSE) {
      for (const f of files) {
        const ids = (byFile.get(f)?.moduleIds ?? []).map((id) =>
          normal(id).replace(/^.*?\/(src|domain|locales|node_modules)\//, '$1/'),
        );
        report?.(`  ${f} (${((byFile.get(f)?.code?.length ?? 0) / 1024).toFixed(1)} KiB): ${ids.join(' ')}`);
      }
    }
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
  const wanted = new Set(LANDING_ROUTES.flatMap((r) => r.ns));
  for (const c of chunks) {
    const m = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(normal(c.facadeModuleId ?? ''));
    if (!m || !wanted.has(m[2]!) || loaded.has(c.fileName)) continue;
    (map.l[m[1]!] ??= {})[m[2]!] = base + c.fileName;
  }
  // The loader may share a chunk with other modules (the market pages' group): that chunk, then.
  const loader = chunks.find((c) =>
    (c.moduleIds ?? [c.facadeModuleId ?? '']).some((id) =>
      normal(id).endsWith('/src/i18n/locale-bundles.ts'),
    ),
  );
  if (loader && !loaded.has(loader.fileName)) map.b = base + loader.fileName;
  return map;
}

/**
 * The boot script: reads the landing route from the address and the language hint, and asks for
 * that page's scripts, stylesheets and texts at once, while the framework downloads. Without it they
 * were requested only after the framework had run and the router rendered, a second late on a phone.
 * A stylesheet is only preloaded: the page's import adds it and waits for it (from the cache by
 * then), so the page never draws unstyled.
 */
export function bootScript(map: LandingMap): string {
  return `(function () {
  var m = ${JSON.stringify(map)};
  var path = location.hash.replace(/^#/, '').split('?')[0];
  if (!m.r[path]) path = path === '' || path === '/' ? '/pages/home/home' : '';
  if (!path) return;
  var lang = m.d;
  try {
    lang = localStorage.getItem('lang') || m.d;
  } catch (e) {}
  var urls = m.r[path].slice();
  m.n[path].forEach(function (ns) {
    var url = (m.l[lang] || {})[ns];
    if (url && urls.indexOf(url) < 0) urls.push(url);
  });
  if (m.b && urls.length > m.r[path].length && urls.indexOf(m.b) < 0) urls.push(m.b);
  function preload(url, rel, as) {
    var link = document.createElement('link');
    link.rel = rel;
    if (as) link.as = as;
    link.href = url;
    document.head.appendChild(link);
  }
  urls.forEach(function (url) {
    preload(url, 'modulepreload');
  });
  (m.c[path] || []).forEach(function (url) {
    preload(url, 'preload', 'style');
  });
})();`;
}

/**
 * Puts an inline script before the page's stylesheet link: a script after it would wait for the
 * stylesheet to load. After the meta tags, which must come first (the charset in the first 1024 bytes).
 */
export function beforeStylesheet(html: string, script: string): string {
  const tag = `<script>${script}</script>\n`;
  const at = html.search(/<link[^>]+rel="stylesheet"/);
  return at < 0 ? html.replace('</head>', `${tag}</head>`) : html.slice(0, at) + tag + html.slice(at);
}

/** Adds the boot script to the built index.html (its hash joins the CSP by itself: server/http/security.ts). */
export function preloadLandingRoute(): Plugin {
  let base = '/';
  return {
    name: 'preload-landing-route',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = (ctx.bundle ?? {}) as unknown as Record<string, ChunkInfo>;
        // The build's own figures, to keep each budget honest (README, "Chunks").
        const map = landingMap(bundle, base, (line) => console.log(line));
        return beforeStylesheet(html, bootScript(map));
      },
    },
  };
}
