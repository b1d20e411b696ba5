export { DEFAULT_CATALOG, type Catalog, type SimStartPrices } from './defaults';
export { catalogProblems, loadCatalog, publicCatalog } from './load';
