import { describe, expect, it } from 'vitest';
import { formatCoords, geoUri, openLocationPath, parseCoords } from '../../../src/pages/location/coords';

describe('location coordinates', () => {
  it('parses decimal degrees within range, with a comma or a dot', () => {
    expect(parseCoords('-6.2', '106,816666')).toEqual({ lat: -6.2, lng: 106.816666 });
    expect(parseCoords('90', '-180')).toEqual({ lat: 90, lng: -180 });
    for (const [a, b] of [
      ['91', '0'],
      ['0', '180.1'],
      ['', '1'],
      ['1e2', '0'],
      ['NaN', '0'],
      ['12°', '3'],
      [null, '3'],
    ]) {
      expect(parseCoords(a, b), `${a},${b}`).toBeNull();
    }
  });

  it('shows hemispheres and builds geo: URIs and routes', () => {
    expect(formatCoords({ lat: -6.2, lng: 106.816666 })).toBe('6.200000° S, 106.816666° E');
    expect(geoUri({ lat: 1.5, lng: -2 }, 'Office (HQ)')).toBe(
      'geo:1.500000,-2.000000?q=1.500000,-2.000000(Office%20HQ)',
    );
    expect(geoUri({ lat: 1.5, lng: -2 })).toBe('geo:1.500000,-2.000000?q=1.500000,-2.000000');
    expect(openLocationPath({ lat: 1, lng: 2 }, ' Home ')).toBe(
      '/open-location?lat=1.000000&lng=2.000000&name=Home',
    );
  });
});
