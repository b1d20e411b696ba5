/** Message keys of leveraged contracts (`lever`); texts in `locales/<lang>/errors.json`. */
export const LEVER_ERROR_KEYS = [
  'leverPairDisabled',
  'leverMultiple',
  'leverHandsWhole',
  'leverExposureCap',
  'leverNotOpen',
  'leverNotEntrusting',
  'leverTpSide',
  'leverSlSide',
  'leverSlBeyondLiquidation',
  'leverNothingToClose',
] as const;
