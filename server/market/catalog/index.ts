export {
  DEFAULT_CATALOG,
  type Catalog,
  type LeverCatalog,
  type ReferralTerms,
  type SimStartPrices,
} from './defaults';
export { addCoin, catalogProblems, loadCatalog, publicCatalog } from './load';
export { DEFAULT_LEGAL_TERMS, legalTermsProblems, type LegalTerms } from './legal-terms';
export { leverProblems } from './lever-rules';
export { referralProblems, SHARE_DECIMALS, sharePpm } from './referral-rules';
