import type { EndpointTable } from './endpoint-def';

/** Endpoints of news and help centre, support chat and live stream (`news`, `kefu`, `zhibo`): request and reply types per name. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the area is built
export interface ContentEndpoints {}

/** How each endpoint of news and help centre, support chat and live stream (`news`, `kefu`, `zhibo`) is called. */
export const CONTENT_ENDPOINTS: EndpointTable<ContentEndpoints> = {};
