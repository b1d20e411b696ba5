/** Message keys of identity, invite and team, credit score, coin listing and locations (`mine`, `ping`); texts in `locales/<lang>/errors.json`. */
export const IDENTITY_ERROR_KEYS = [] as const;
