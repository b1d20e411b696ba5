import { describe, expect, it } from 'vitest';
import { loadLegal, saveLegal } from '../../../worker/legal/legal-copies';
import { legalModule } from '../../../worker/legal/module';
import type { WorkerContext } from '../../../worker/module';
import { DEVICE_USER as user, deviceStores } from '../../support/device';

const { store } = deviceStores('legal-cache-test');

describe('worker legal cache: private copies go with the session', () => {
  it("drops a signed-in user's fiat orders and profile at sign-out, keeps the public hall", async () => {
    const s = store();
    await s.setSession('tok', user);
    await saveLegal(s, 'legal/orders', { tab: 'open' }, user.id, [{ id: 1 }], 1);
    await saveLegal(s, 'legal/me', {}, user.id, { merchant: true }, 1);
    await saveLegal(s, 'legal/ads', { side: 'buy' }, null, [{ id: 9 }], 1);
    expect((await loadLegal(s, 'legal/orders', { tab: 'open' }, user.id))?.data).toEqual([{ id: 1 }]);

    await s.setSession(null, null);

    expect(await loadLegal(s, 'legal/orders', { tab: 'open' }, user.id)).toBeNull();
    expect(await loadLegal(s, 'legal/me', {}, user.id)).toBeNull();
    expect((await loadLegal(s, 'legal/ads', { side: 'buy' }, null))?.data).toEqual([{ id: 9 }]);
  });
});

describe('worker legal area: the device copy of an answer', () => {
  /** The area on a device store whose writes wait until `release()` (a slow first write). */
  function slowArea() {
    const s = store();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = Object.create(s) as typeof s;
    slow.set = async (key, value) => {
      await gate;
      await s.set(key, value);
    };
    let signedIn: number | null = null;
    const area = legalModule({
      store: slow as never,
      ready: () => Promise.resolve(),
      userId: () => signedIn,
    } as unknown as WorkerContext);
    return { area, release, signIn: (id: number | null) => (signedIn = id) };
  }
  const answer = (userId: number | null) =>
    ({ name: 'legal/ads', req: { side: 'buy' }, outcome: { ok: true, data: [{ id: 9 }] }, userId }) as const;

  it('does not hold the answer until the copy is kept, and a read of the copy waits for it', async () => {
    const { area, release } = slowArea();
    let answered = false;
    await Promise.resolve(area.answered!(answer(null))).then(() => (answered = true));
    expect(answered).toBe(true);
    let read: unknown = 'pending';
    const reading = area.api.cachedLegal('legal/ads', { side: 'buy' } as never).then((r) => (read = r));
    await new Promise((r) => setTimeout(r, 30));
    expect(read).toBe('pending');
    release();
    await reading;
    expect((read as { data: unknown }).data).toEqual([{ id: 9 }]);
  });

  it("keeps no copy of a signed-in user's answer whose user signed out before it was kept", async () => {
    const { area, release, signIn } = slowArea();
    // A public copy is being written (slowly); the user's own answer waits behind it.
    await area.answered!(answer(null));
    signIn(user.id);
    await area.answered!({ ...answer(user.id), name: 'legal/me', req: {} } as never);
    // Signed out before that copy's turn; the same user signs in again later.
    signIn(null);
    release();
    await area.api.cachedLegal('legal/ads', { side: 'buy' } as never);
    signIn(user.id);
    expect(await area.api.cachedLegal('legal/me', {} as never)).toBeNull();
  });
});
