/** Message keys of lock-up mining and deposit savings (`lockming`); texts in `locales/<lang>/errors.json`. */
export const LOCKMING_ERROR_KEYS = [
  /** The amount is below the product's minimum lock amount. */
  'lockmingBelowMin',
  /** The product is not open for new locks (not yet open, closed, or expired). */
  'lockmingNotOpen',
  /** The product's total would be passed. */
  'lockmingTotalFull',
  /** The house's reserve in the coin cannot cover this promise with everything already promised. */
  'lockmingReserve',
  /** The position has ended already (matured or redeemed). */
  'lockmingEnded',
  /** The product does not allow redeeming before maturity. */
  'lockmingNoEarlyRedeem',
  /** An operator tried to change a product after it opened. */
  'lockmingProductOpen',
] as const;
