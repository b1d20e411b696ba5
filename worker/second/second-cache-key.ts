/** Device-store key of the cached option state (one user at a time; removed on sign-out). */
export const SECOND_CACHE_KEY = 'second';
