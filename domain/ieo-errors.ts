/** Message keys of new-coin subscription (`ieo`); texts in `locales/<lang>/errors.json`. */
export const IEO_ERROR_KEYS = [
  /** Subscribing before the window opens or after it closes. */
  'ieoNotOpen',
  /** The user's commits to the project would pass its per-user cap. */
  'ieoAboveCap',
  /** The amount has more decimals than the quote coin allows. */
  'ieoTooManyDecimals',
  /** The amount buys less than one lot. */
  'ieoBelowLot',
  /** An operator edit of a project whose subscription window has opened. */
  'ieoStarted',
  /** The coin is already a catalog coin or another project's coin. */
  'ieoCoinTaken',
  /** A project's figures do not fit together (lot × price, total ÷ lot, windows). */
  'ieoProjectInvalid',
] as const;
