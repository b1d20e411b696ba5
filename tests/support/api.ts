import type { EndpointName } from '../../domain';
import { ENDPOINTS, endpointPath } from '../../domain/endpoint-table';

/** A raw reply: HTTP status, headers and the parsed JSON body (undefined when not JSON). */
export interface RawReply {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests inspect arbitrary envelopes
  text: string;
}

/** How to send a request in tests. */
export interface CallOptions {
  /** Send the body as JSON instead of form-encoded. */
  json?: boolean;
  /** Session token, put in the endpoint variant's header (`token` or `Authorization: Bearer`). */
  token?: string;
  headers?: Record<string, string>;
}

/**
 * Calls an endpoint of the domain table over HTTP the way the app does: GET with a query, POST with
 * a form body (or JSON), the token in the variant's header. Returns the raw reply for assertions.
 */
export async function callApi(
  origin: string,
  name: EndpointName,
  fields: Record<string, string | boolean | number> = {},
  options: CallOptions = {},
): Promise<RawReply> {
  const def = ENDPOINTS[name];
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) {
    if (def.variant === 4) headers.authorization = `Bearer ${options.token}`;
    else headers.token = options.token;
  }
  const params = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
  let url = `${origin}${endpointPath(name)}`;
  let body: string | undefined;
  if (def.method === 'GET') {
    if ([...params].length > 0) url += `?${params}`;
  } else if (options.json) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(fields);
  } else {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = params.toString();
  }
  return readReply(await fetch(url, { method: def.method, headers, ...(body !== undefined && { body }) }));
}

/** A response as tests read it: status, headers, the text and its JSON (undefined when not JSON). */
export async function readReply(res: Response): Promise<RawReply> {
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}
