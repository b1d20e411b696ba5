/**
 * Message keys shared by the server (which answers in the user's language) and the UI.
 * The texts live in `locales/<lang>/errors.json` under the same keys.
 */
export const ERROR_KEYS = [
  // spec §8 texts
  'sessionInvalid',
  'serverFault',
  'noTradePassword',
  'insufficientBalance',
  'noOptimalPrice',
  'incorrectPassword',
  'incorrectTradePassword',
  'passwordsInconsistent',
  'accountFormat',
  'boundMismatch',
  'orderCancelledNoPayment',
  'copySuccess',
  'copyFailure',
  'loginSuccess',
  'bindSuccess',
  'sentSuccess',
  'initiationSuccess',
  // validation (spec §5)
  'mobileFormat',
  'emailFormat',
  'codeRequired',
  'codeFormat',
  'codeWrong',
  'codeExpired',
  'codeAttempts',
  'passwordLength',
  'passwordTooSimple',
  'agreementRequired',
  'promoCodeUnknown',
  'accountTaken',
  'accountUnknown',
  'accountImmutable',
  'required',
  'amountFormat',
  'transferRemarkCoin',
  'storeMaxBelowMin',
  'withdrawAddressRequired',
  'handsOutOfBounds',
  // transport and service
  'rateLimited',
  'tooManyCodes',
  'timeout',
  'offline',
  'notFound',
  'badRequest',
  'ticketExpired',
  'tradePasswordSame',
  // spot trading
  'unknownMarket',
  'marketClosed',
  'priceStep',
  'qtyStep',
  'minNotional',
  'orderNotOpen',
] as const;
/** A message key; see ERROR_KEYS. */
export type ErrorKey = (typeof ERROR_KEYS)[number];
