/** A point on Earth in decimal degrees (WGS 84), as the Geolocation API and `geo:` URIs use. */
export interface Coords {
  lat: number;
  lng: number;
}

const DECIMAL = /^[-+]?\d{1,3}(\.\d{1,10})?$/;

/** Parses typed or linked latitude and longitude; null when either is missing or out of range. */
export function parseCoords(lat: string | null, lng: string | null): Coords | null {
  const a = (lat ?? '').trim().replace(',', '.');
  const b = (lng ?? '').trim().replace(',', '.');
  if (!DECIMAL.test(a) || !DECIMAL.test(b)) return null;
  const la = Number(a);
  const ln = Number(b);
  if (la < -90 || la > 90 || ln < -180 || ln > 180) return null;
  return { lat: la, lng: ln };
}

/** Degrees with 6 decimals (about 11 cm), as text for display and links. */
export const degrees = (d: number): string => d.toFixed(6);

/** `12.345678° N, 98.765432° W`. */
export function formatCoords(c: Coords): string {
  const ns = c.lat >= 0 ? 'N' : 'S';
  const ew = c.lng >= 0 ? 'E' : 'W';
  return `${degrees(Math.abs(c.lat))}° ${ns}, ${degrees(Math.abs(c.lng))}° ${ew}`;
}

/** A `geo:` URI (RFC 5870) the device's maps app opens; the label rides in the query as Android reads it. */
export function geoUri(c: Coords, label?: string): string {
  const point = `${degrees(c.lat)},${degrees(c.lng)}`;
  const name = label?.trim().replace(/[()]/g, '');
  return `geo:${point}?q=${point}${name ? `(${encodeURIComponent(name)})` : ''}`;
}

/** The route that shows a location. */
export function openLocationPath(c: Coords, name?: string): string {
  const q = new URLSearchParams({
    lat: degrees(c.lat),
    lng: degrees(c.lng),
    ...(name?.trim() && { name: name.trim() }),
  });
  return `/open-location?${q.toString()}`;
}
