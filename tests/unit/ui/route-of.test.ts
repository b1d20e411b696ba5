import { describe, expect, it } from 'vitest';
import { ROUTES, routeOf } from '../../../src/routes/route-table';

describe('routeOf', () => {
  it('finds every route of the table by its own path', () => {
    for (const r of ROUTES) expect(routeOf(r.path)).toBe(r);
  });

  it('treats / (and nothing) as home', () => {
    expect(routeOf('/')?.path).toBe('/pages/home/home');
    expect(routeOf('')?.path).toBe('/pages/home/home');
  });

  it('matches as react-router did: any case, a trailing slash allowed', () => {
    expect(routeOf('/pages/market/market/')?.path).toBe('/pages/market/market');
    expect(routeOf('/Pages/Market/MARKET')?.path).toBe('/pages/market/market');
    expect(routeOf('/pages/home/newsdetail')?.path).toBe('/pages/home/newsDetail');
  });

  it('knows no other path', () => {
    expect(routeOf('/pages/market')).toBeUndefined();
    expect(routeOf('/pages/market/market/x')).toBeUndefined();
    expect(routeOf('/pages/market/market//')).toBeUndefined();
    expect(routeOf('/nowhere')).toBeUndefined();
  });
});
