// The fiat area's face: its WorkerModule and the types pages see.
export { legalModule, type LegalApi } from './module';
export type { CachedReply, LegalQuote, LegalQuoteQuery } from './legal';
