// The identity area of the worker (real-name authentication, team, credit): the last answers of
// its pages kept on the device per user. Its code loads with the first call that needs it.
import type { WorkerModuleFactory } from '../module';
import type { CachedPrivate, PrivateCachedName } from './identity-cache';

/** The identity area's part of CoreApi. */
export interface IdentityApi {
  /**
   * The signed-in user's last answer of an identity call (`kyc/status`, `team/summary`,
   * `credit/score`) kept on the device and when it was saved, or null (none, or another account's).
   */
  cachedPrivate<K extends PrivateCachedName>(name: K): Promise<CachedPrivate<K> | null>;
}

export const identityModule: WorkerModuleFactory<IdentityApi> = ({ store, ready, userId }) => ({
  api: {
    async cachedPrivate(name) {
      await ready();
      const { loadPrivate } = await import('./identity-cache');
      return loadPrivate(store, userId(), name).catch(() => null);
    },
  },
  async answered({ name, outcome, userId: user }) {
    // Signed out (or the session ended): nothing of the account stays on the device.
    if (user === null && (name === 'user/logout' || (!outcome.ok && outcome.intent === 'login'))) {
      await import('./identity-cache').then((m) => m.clearPrivate(store)).catch(() => undefined);
    } else if (user !== null && outcome.ok && /^(kyc|team|credit)\//.test(name)) {
      await import('./identity-cache')
        .then((m) =>
          m.isPrivateCached(name) ? m.savePrivate(store, user, name, outcome.data, Date.now()) : undefined,
        )
        .catch(() => undefined);
    }
  },
});
