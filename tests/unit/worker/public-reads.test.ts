import { describe, expect, it } from 'vitest';
import type { Outcome } from '../../../domain';
import { loadPublic, publicKey, readPublic, savePublic } from '../../../worker/shared/dated/public';
import type { DeviceStore } from '../../../worker/store';

/** The part of the device store the public reads use, in memory. */
function memoryStore(): DeviceStore {
  const kv = new Map<string, unknown>();
  return {
    get: async (key: string) => kv.get(key),
    set: async (key: string, value: unknown) => void kv.set(key, value),
    remove: async (...keys: string[]) => keys.forEach((k) => kv.delete(k)),
  } as unknown as DeviceStore;
}

const STREAM = { live: false, url: null, title: 'Weekly', startsAt: null, endsAt: null } as never;
const fail = (messageKey: string): Outcome<never> => ({ ok: false, intent: 'message', messageKey }) as never;

describe('public reads', () => {
  it('keeps only the listed public endpoints, keyed by sorted request fields', async () => {
    const store = memoryStore();
    expect(publicKey('lever/config', { b: 1, a: 2 })).toBe(publicKey('lever/config', { a: 2, b: 1 }));
    await savePublic(store, 'user/info', {}, { id: 1 }, 5);
    expect(await store.get(publicKey('user/info', {}))).toBeUndefined();
    await savePublic(store, 'zhibo/current', {}, STREAM, 5);
    expect(await loadPublic(store, 'zhibo/current', {})).toEqual({
      data: STREAM,
      savedAt: 5,
      source: 'cache',
    });
  });

  it("answers the kept copy only when the server was not reached; the server's refusal is the truth", async () => {
    const store = memoryStore();
    await savePublic(store, 'zhibo/current', {}, STREAM, 5);
    for (const key of ['offline', 'timeout']) {
      const out = await readPublic(store, 'zhibo/current', {}, async () => fail(key));
      expect(out).toEqual({ ok: true, data: STREAM, savedAt: 5, source: 'cache' });
    }
    const refused = await readPublic(store, 'zhibo/current', {}, async () => fail('serverFault'));
    expect(refused.ok).toBe(false);
    const live = await readPublic(store, 'zhibo/current', {}, async () => ({ ok: true, data: STREAM }));
    expect(live).toMatchObject({ ok: true, source: 'live' });
  });

  it('fails as the call failed when nothing is kept', async () => {
    const out = await readPublic(memoryStore(), 'lever/config', {}, async () => fail('offline'));
    expect(out).toMatchObject({ ok: false, messageKey: 'offline' });
  });
});
