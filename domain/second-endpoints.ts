import type { EndpointTable } from './endpoint-def';

/** Endpoints of timed options (`second`): request and reply types per name. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the area is built
export interface SecondEndpoints {}

/** How each endpoint of timed options (`second`) is called. */
export const SECOND_ENDPOINTS: EndpointTable<SecondEndpoints> = {};
