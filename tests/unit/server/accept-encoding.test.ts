import { describe, expect, it } from 'vitest';
import { acceptedEncodings } from '../../../server/http/asset-cache';

describe('acceptedEncodings', () => {
  it('reads what browsers send', () => {
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual({ br: true, gzip: true });
    expect(acceptedEncodings('gzip')).toEqual({ br: false, gzip: true });
    expect(acceptedEncodings(undefined)).toEqual({ br: false, gzip: false });
    expect(acceptedEncodings('')).toEqual({ br: false, gzip: false });
  });

  it('honours q-values, a refusal and the wildcard', () => {
    expect(acceptedEncodings('br;q=0, gzip;q=0.5')).toEqual({ br: false, gzip: true });
    expect(acceptedEncodings('BR; Q=0.8')).toEqual({ br: true, gzip: false });
    expect(acceptedEncodings('*')).toEqual({ br: true, gzip: true });
    expect(acceptedEncodings('*;q=0, gzip')).toEqual({ br: false, gzip: true });
    expect(acceptedEncodings('br;q=nonsense')).toEqual({ br: false, gzip: false });
  });
});
