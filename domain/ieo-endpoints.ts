import type { E, EndpointTable } from './endpoint-def';
import type { IeoDetail, IeoCommit, IeoList, IeoMine, IeoSubscribeReq } from './ieo-types';

/** Endpoints of new-coin subscription (`ieo`): request and reply types per name. */
export interface IeoEndpoints {
  'ieo/projects': E<Record<string, never>, IeoList>;
  'ieo/project': E<{ id: number | string }, IeoDetail>;
  'ieo/subscribe': E<IeoSubscribeReq, IeoCommit>;
  'ieo/mine': E<Record<string, never>, IeoMine>;
}

/**
 * How each endpoint of `ieo` is called. There is no endpoint that allocates or changes an
 * allocation: allocation is the server's timer applying the published rule.
 */
export const IEO_ENDPOINTS: EndpointTable<IeoEndpoints> = {
  'ieo/projects': { method: 'GET', variant: 2, auth: false },
  'ieo/project': { method: 'GET', variant: 2, auth: false },
  'ieo/subscribe': { method: 'POST', variant: 3, auth: true },
  'ieo/mine': { method: 'GET', variant: 3, auth: true },
};
