import type { EndpointTable } from './endpoint-def';

/** Endpoints of identity, invite and team, credit score, news, support chat, live stream and coin listing: request and reply types per name. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the area is built
export interface CommunityEndpoints {}

/** How each endpoint of identity, invite and team, credit score, news, support chat, live stream and coin listing is called. */
export const COMMUNITY_ENDPOINTS: EndpointTable<CommunityEndpoints> = {};

/** Message keys of identity, invite and team, credit score, news, support chat, live stream and coin listing; texts in `locales/<lang>/errors.json`. */
export const COMMUNITY_ERROR_KEYS = [] as const;
