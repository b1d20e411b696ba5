/**
 * Encodes a request object as URL parameters, for query strings and form bodies alike.
 * undefined and null fields are left out (the server treats them as absent); booleans and numbers
 * become their text; arrays repeat the key; nested objects are sent as JSON text.
 */
export function encodeParams(params: Record<string, unknown>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (item === undefined || item === null) continue;
      out.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  return out;
}
