export { DEFAULT_CATALOG, type Catalog, type ReferralTerms, type SimStartPrices } from './defaults';
export { catalogProblems, loadCatalog, publicCatalog } from './load';
