/** Message keys of timed options (`second`); texts in `locales/<lang>/errors.json`. */
export const SECOND_ERROR_KEYS = [] as const;
