/** Message keys of timed options (`second`); texts in `locales/<lang>/errors.json`. */
export const SECOND_ERROR_KEYS = [
  /** The pair exists but takes no options. */
  'secondMarketDisabled',
  /** The duration is not one of the catalog's. */
  'secondUnknownDuration',
  /** The house's open exposure for this pair and duration would pass the catalog's cap. */
  'secondExposureCap',
] as const;
