/** A locale bundle as a module: its JSON as the default export. */
export type Bundle = { default: Record<string, unknown> };

/**
 * Loaders of every locale bundle except the two built into the shell (id common and home). The
 * service worker precaches them all, so switching language works offline too.
 */
export const LAZY_BUNDLES = import.meta.glob<Bundle>([
  '../../locales/*/*.json',
  // The operators' messages: the server's, for the console; never the app's.
  '!../../locales/*/ops-errors.json',
  '!../../locales/id/common.json',
  '!../../locales/id/home.json',
]);
