import { CONTENT_ERROR_KEYS } from './content-errors';
import { IDENTITY_ERROR_KEYS } from './identity-errors';
import { IEO_ERROR_KEYS } from './ieo-errors';
import { LEGAL_ERROR_KEYS } from './legal-errors';
import { LEVER_ERROR_KEYS } from './lever-errors';
import { LOCKMING_ERROR_KEYS } from './lockming-errors';
import { OPS_AUTH_ERROR_KEYS } from './ops-auth-errors';
import { SECOND_ERROR_KEYS } from './second-errors';
import { SELL_ERROR_KEYS } from './sell-errors';

/**
 * Message keys shared by the server (which answers in the user's language) and the UI.
 * The texts live in `locales/<lang>/errors.json` under the same keys.
 */
const CORE_ERROR_KEYS = [
  // spec §8 texts
  'sessionInvalid',
  // a private call by someone signed out: there was no session to expire
  'signInRequired',
  'serverFault',
  // the database cannot take a change now (connection lost, a refused batch): nothing was kept
  'serviceBusy',
  'noTradePassword',
  'insufficientBalance',
  'noOptimalPrice',
  'incorrectPassword',
  // an operator froze the account (users/freeze): no sign-in until it is unfrozen
  'accountFrozen',
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
  'passwordUnchanged',
  // spot trading
  'unknownMarket',
  'marketClosed',
  'priceStep',
  'qtyStep',
  'minNotional',
  'orderNotOpen',
  // assets
  'unknownCoin',
  'unknownAccount',
  'amountPositive',
  'transferSameAccount',
  'transferPairNotAllowed',
  'remarkTooLong',
  // deposits, withdrawals, cards and addresses
  'unknownChain',
  'addressFormat',
  'depositDisabled',
  'withdrawDisabled',
  'withdrawBelowMin',
  'withdrawDailyLimit',
  'withdrawAwaitingConfirmations',
  'cardRequired',
  'cardNumberFormat',
  'textTooLong',
  'amountBelowMin',
  'amountAboveMax',
  'uploadRequired',
  'uploadType',
  'uploadTooLarge',
  'recordNotPending',
  // numbers (issue 10): one rule for too many decimals in every amount field
  'tooManyDecimals',
] as const;

/** Every message key: the core areas' above, later areas' in their endpoint files. */
export const ERROR_KEYS = [
  ...CORE_ERROR_KEYS,
  ...LEVER_ERROR_KEYS,
  ...SECOND_ERROR_KEYS,
  ...SELL_ERROR_KEYS,
  ...LEGAL_ERROR_KEYS,
  ...IDENTITY_ERROR_KEYS,
  ...CONTENT_ERROR_KEYS,
  ...IEO_ERROR_KEYS,
  ...LOCKMING_ERROR_KEYS,
  ...OPS_AUTH_ERROR_KEYS,
] as const;
/** A message key; see ERROR_KEYS. */
export type ErrorKey = (typeof ERROR_KEYS)[number];
