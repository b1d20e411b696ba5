import type { EndpointTable } from './endpoint-def';

/** Endpoints of identity, invite and team, credit score, coin listing and locations (`mine`, `ping`): request and reply types per name. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the area is built
export interface IdentityEndpoints {}

/** How each endpoint of identity, invite and team, credit score, coin listing and locations (`mine`, `ping`) is called. */
export const IDENTITY_ENDPOINTS: EndpointTable<IdentityEndpoints> = {};
