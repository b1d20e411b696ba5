import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { PRIVATE_KV_PREFIX } from '../../../worker/store-keys';
import { DEVICE_USER } from '../../support/device';
import {
  createDeviceStore,
  type DeviceStoreOptions,
  type LazyDeviceStore,
} from '../../../worker/device-store';

let n = 0;
const opened: LazyDeviceStore[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

/** A device store on the database `name` (fake-indexeddb), as the worker opens it on a first visit. */
function device(name: string, options: DeviceStoreOptions = {}): LazyDeviceStore {
  const s = createDeviceStore({
    name,
    indexedDB,
    IDBKeyRange,
    deferFirstVisit: true,
    firstWriteQuietMs: 40,
    firstWriteMaxMs: 400,
    ...options,
  });
  opened.push(s);
  return s;
}

/** Whether the device has the database `name` at all. */
async function exists(name: string): Promise<boolean> {
  return (await indexedDB.databases()).some((d) => d.name === name);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `check` holds, up to 2 s. */
async function until(check: () => Promise<boolean> | boolean): Promise<void> {
  for (let i = 0; i < 100 && !(await check()); i++) await sleep(20);
  expect(await check()).toBe(true);
}

describe('device store: a first visit holds its cache writes while the page loads', () => {
  it('answers a held write at once, and writes it to the database once the requests are quiet', async () => {
    const name = `device-first-${++n}`;
    const a = device(name);
    await a.set('k', { v: 1 });
    // Not written yet: no database, no database code loaded.
    expect(a.opened()).toBe(false);
    expect(await exists(name)).toBe(false);
    expect(await a.get('k')).toEqual({ v: 1 });
    await until(() => a.opened());
    await until(async () => (await createDeviceStoreOn(name).get('k')) !== undefined);
    expect(await createDeviceStoreOn(name).get('k')).toEqual({ v: 1 });
  });

  it('keeps a copy: changing the object after the write changes nothing stored', async () => {
    const name = `device-first-${++n}`;
    const a = device(name);
    const value = { v: 1 };
    await a.set('k', value);
    value.v = 2;
    expect(await a.get('k')).toEqual({ v: 1 });
  });

  it('waits while requests go on, but never past the longest hold', async () => {
    const name = `device-first-${++n}`;
    const a = device(name, { firstWriteQuietMs: 60, firstWriteMaxMs: 300 });
    await a.set('k', 'x');
    const t0 = Date.now();
    // A request ends every 20 ms: never 60 ms of quiet.
    while (!a.opened() && Date.now() - t0 < 1_000) {
      a.postpone();
      await sleep(20);
    }
    const held = Date.now() - t0;
    expect(held).toBeGreaterThanOrEqual(250);
    expect(held).toBeLessThan(900);
  });

  it('the newest value wins, a removal included, and a preference opens the database at once', async () => {
    const name = `device-first-${++n}`;
    const a = device(name);
    await a.set('k', 1);
    await a.set('k', 2);
    await a.set('gone', 'x');
    await a.remove('gone');
    expect(await a.get('k')).toBe(2);
    expect(await a.get('gone')).toBeUndefined();
    await a.setPrefs({ theme: 'light' });
    expect(a.opened()).toBe(true);
    await until(async () => (await createDeviceStoreOn(name).get('k')) === 2);
    const b = createDeviceStoreOn(name);
    expect(await b.get('gone')).toBeUndefined();
    expect((await b.getPrefs()).theme).toBe('light');
  });

  it("keeps call order with the session's: a sign-out clears a private copy written just before it", async () => {
    const name = `device-first-${++n}`;
    const a = device(name, { deferFirstVisit: false });
    await a.setSession('tok', DEVICE_USER);
    await a.set(`${PRIVATE_KV_PREFIX}older`, 'kept until sign-out');
    // Copies and the sign-out in the same turn, as a logout's answer brings them.
    const written = [a.set('public', 1), a.set(`${PRIVATE_KV_PREFIX}history`, { messages: [1] })];
    const signedOut = a.setSession(null, null);
    await Promise.all([...written, signedOut]);
    expect(await a.get('public')).toBe(1);
    expect(await a.get(`${PRIVATE_KV_PREFIX}history`)).toBeUndefined();
    expect(await a.get(`${PRIVATE_KV_PREFIX}older`)).toBeUndefined();
  });

  it('writes at once on a device that already has its database', async () => {
    const name = `device-first-${++n}`;
    await device(name).setPrefs({ theme: 'light' });
    const again = device(name);
    await again.set('k', 'now');
    expect(again.opened()).toBe(true);
    expect(await createDeviceStoreOn(name).get('k')).toBe('now');
  });
});

/** Another worker's view of the database `name` (it exists, so it opens at once). */
function createDeviceStoreOn(name: string): LazyDeviceStore {
  return device(name, { deferFirstVisit: false });
}
