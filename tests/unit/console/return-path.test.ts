import { describe, expect, it } from 'vitest';
import { returnPath } from '../../../console/src/shell/return-path';

const ops = { pathname: '/operators', search: '?q=r', hash: '#x' };

describe('returnPath', () => {
  it('brings an operator back to the page their idle or ended session was on', () => {
    expect(returnPath(ops, 'idle', 7, 7)).toBe('/operators?q=r#x');
    expect(returnPath(ops, 'ended', 7, 7)).toBe('/operators?q=r#x');
  });
  it('opens a link followed before any session (a deep link) after the sign-in', () => {
    expect(returnPath(ops, null, null, 3)).toBe('/operators?q=r#x');
  });
  it('starts on the dashboard after a sign-out by hand, even for the same operator', () => {
    expect(returnPath(ops, 'self', 7, 7)).toBe('/');
  });
  it('starts another operator on the dashboard, not on the page of the one before', () => {
    expect(returnPath(ops, 'idle', 7, 8)).toBe('/');
  });
  it('never returns to the sign-in page itself', () => {
    expect(returnPath({ pathname: '/sign-in', search: '', hash: '' }, 'idle', 7, 7)).toBe('/');
    expect(returnPath(undefined, 'idle', 7, 7)).toBe('/');
  });
});
