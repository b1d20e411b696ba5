import type { EndpointTable } from './endpoint-def';

/** Endpoints of leveraged contracts (`lever`): request and reply types per name. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the area is built
export interface LeverEndpoints {}

/** How each endpoint of leveraged contracts (`lever`) is called. */
export const LEVER_ENDPOINTS: EndpointTable<LeverEndpoints> = {};
