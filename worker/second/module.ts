// The timed-option area of the worker: the watcher of the user's options (its code loads with the
// option page, not with the first render) and the form's exact payout preview.
import type { WorkerModuleFactory } from '../module';
import { SECOND_CACHE_KEY } from './second-cache-key';
import type { SecondPreview, SecondPreviewInput } from './second-preview';
import type { SecondState } from './second-watch';

/** The option area's part of CoreApi. */
export interface SecondApi {
  /**
   * Watches the signed-in user's timed options (open, with their countdown on the server's clock, and
   * the latest settled): the device's copy first, then the server's, kept current by settlement
   * events and re-read after a reconnect. Returns an id for `unwatchSecond`.
   */
  watchSecond(listener: (state: SecondState) => void): Promise<number>;
  unwatchSecond(id: number): Promise<void>;
  /** The option form's exact payout preview and % shortcuts, computed like the server. */
  previewSecond(input: SecondPreviewInput): Promise<SecondPreview>;
}

export const secondModule: WorkerModuleFactory<SecondApi> = (ctx) => {
  const watches = new Map<number, () => void>();
  let next = 1;
  return {
    api: {
      async watchSecond(listener) {
        await ctx.ready();
        const { startSecondWatch } = await import('./second-core');
        const id = next++;
        const deps = { socket: ctx.socket, call: ctx.call, userId: ctx.userId, store: ctx.store };
        watches.set(id, startSecondWatch({ ...deps, ...(ctx.timers && { timers: ctx.timers }) }, listener));
        return id;
      },
      async unwatchSecond(id) {
        watches.get(id)?.();
        watches.delete(id);
      },
      previewSecond: async (input) => (await import('./second-preview')).previewSecond(input),
    },
    // The copy kept before the dated cache, outside the private prefix (the dated one goes with the session).
    privateKeys: [SECOND_CACHE_KEY],
    dispose() {
      for (const stop of watches.values()) stop();
      watches.clear();
    },
  };
};
