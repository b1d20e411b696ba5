/** Message keys of fiat P2P and merchant stores (`legal`); texts in `locales/<lang>/errors.json`. */
export const LEGAL_ERROR_KEYS = [] as const;
