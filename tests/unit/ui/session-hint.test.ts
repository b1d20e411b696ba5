import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { knownSignedOut, writeSessionHint } from '../../../src/prefs/session-hint';

describe('session hint', () => {
  let store: Map<string, string>;
  beforeEach(() => {
    store = new Map();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('knows a first visit (nothing ever written here) has no session', () => {
    expect(knownSignedOut()).toBe(true);
  });

  it('waits for the worker on a device from before the hint, or after a sign-in', () => {
    store.set('lang', 'id');
    expect(knownSignedOut()).toBe(false);
    writeSessionHint(true);
    expect(knownSignedOut()).toBe(false);
  });

  it('knows a sign-out recorded on this device', () => {
    store.set('lang', 'id');
    writeSessionHint(false);
    expect(knownSignedOut()).toBe(true);
  });

  it('waits for the worker when storage cannot be read', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('denied');
      },
    });
    // Nothing can be known here (private mode may still hold a session in IndexedDB).
    expect(knownSignedOut()).toBe(false);
  });
});
