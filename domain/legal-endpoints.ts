import type { EndpointTable } from './endpoint-def';

/** Endpoints of fiat P2P and merchant stores (`legal`): request and reply types per name. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the area is built
export interface LegalEndpoints {}

/** How each endpoint of fiat P2P and merchant stores (`legal`) is called. */
export const LEGAL_ENDPOINTS: EndpointTable<LegalEndpoints> = {};
