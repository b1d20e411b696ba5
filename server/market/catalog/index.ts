export {
  DEFAULT_CATALOG,
  type Catalog,
  type LeverCatalog,
  type ReferralTerms,
  type SimStartPrices,
} from './defaults';
export { catalogProblems, loadCatalog, publicCatalog } from './load';
