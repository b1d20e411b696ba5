/** Network request, socket, upload and download timeout (spec §9), in milliseconds. */
export const REQUEST_TIMEOUT_MS = 60_000;
/** Delay before a lazily loaded page shows its loading state (spec §9), in milliseconds. */
export const PAGE_LOADING_DELAY_MS = 200;
/** Give up on a lazily loaded page after this long (spec §9), in milliseconds. */
export const PAGE_TIMEOUT_MS = 60_000;
/** Give up on a script chunk after this long (spec §7, §9), in milliseconds. */
export const CHUNK_TIMEOUT_MS = 120_000;
/** Pull-to-refresh trigger offset on home (spec §9), in CSS pixels. */
export const PULL_OFFSET_HOME_PX = 75;
/** Pull-to-refresh trigger offset on trade and leverage pages (spec §9), in CSS pixels. */
export const PULL_OFFSET_TRADE_PX = 55;
/** The loading indicator hides this long after it was shown at the latest (spec §9), in milliseconds. */
export const LOADING_HIDE_MS = 1_000;
/** First socket reconnect delay (spec §9), in milliseconds. */
export const SOCKET_RECONNECT_MIN_MS = 1_000;
/** Largest socket reconnect delay (spec §9), in milliseconds. */
export const SOCKET_RECONNECT_MAX_MS = 5_000;
/** Socket connect timeout (spec §9), in milliseconds. */
export const SOCKET_CONNECT_TIMEOUT_MS = 20_000;
/** Password length bounds (spec §9), in characters. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 16;
/** Verification code length, in digits. */
export const CODE_LENGTH = 6;
