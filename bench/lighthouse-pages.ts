/**
 * The pages `npm run bench -- lighthouse` measures (bench/lighthouse.bench.ts): every landing page
 * of build/landing-preload.ts but the K-line page, as a first visit opens it. Apart so a unit test
 * can hold the two lists together without running the bench.
 */
export const LIGHTHOUSE_PAGES: readonly [name: string, path: string][] = [
  // Home as a new user types it (a `#/` that redirects stalls Lighthouse's navigation).
  ['home', '/h5/'],
  ['market', '/h5/#/pages/market/market'],
  ['trade', '/h5/#/pages/trade/trade'],
  // The other tabs and the first pages of contracts, options and P2P (issue 29), each with a
  // first-load script budget in build/landing-preload.ts.
  ['entrust', '/h5/#/pages/trade/entrust'],
  ['kefu', '/h5/#/pages/mine/kefu'],
  ['mine', '/h5/#/pages/mine/index'],
  ['lever', '/h5/#/pages/lever/lever'],
  ['second', '/h5/#/pages/market/second'],
  ['legal', '/h5/#/pages/legal/legal'],
];
