/** Message keys of news and help centre, support chat and live stream (`news`, `kefu`, `zhibo`); texts in `locales/<lang>/errors.json`. */
export const CONTENT_ERROR_KEYS = [] as const;
