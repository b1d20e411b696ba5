// The fiat area's face: its WorkerModule and the types pages see.
export { legalModule, type LegalApi } from './module';
export type { LegalQuote, LegalQuoteQuery } from './legal';
export type { CachedReply } from './legal-copies';
