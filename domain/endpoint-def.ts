import type { Variant } from './envelope';

/** One endpoint's request and reply types. */
export interface E<Req, Res> {
  req: Req;
  res: Res;
}

/** A request or reply without fields. */
export type Empty = Record<string, never>;

/** How an endpoint is called. */
export interface EndpointDef {
  method: 'GET' | 'POST';
  variant: Variant;
  /** Needs a signed-in session. */
  auth: boolean;
  /** Served at `/{name}` instead of `/api/{name}` (the address lookup). */
  noPrefix?: boolean;
  /** Sent as JSON instead of form-encoded. */
  json?: boolean;
  /** Largest request body, in bytes, where an endpoint takes more than the server's default (uploads). */
  bodyLimit?: number;
}

/** An area's slice of the endpoint table: how each of its endpoints is called. */
export type EndpointTable<T> = { readonly [K in keyof T]: EndpointDef };
