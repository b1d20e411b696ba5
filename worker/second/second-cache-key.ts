/**
 * Key of the option state in the dated cache (worker/second/second-cache.ts: private, gone at
 * sign-out). Before that cache the same key held `{userId, state}` outside the private prefix; it
 * is still read, and removed at sign-out (the module's `privateKeys`). Kept apart so the module,
 * loaded with the worker, does not load the cache's code.
 */
export const SECOND_CACHE_KEY = 'second';
