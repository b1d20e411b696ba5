/** Message keys of operator accounts and sign-in (issue 26); texts in `locales/<lang>/ops-errors.json` (read by the server, left out of the app's build). */
export const OPS_AUTH_ERROR_KEYS = [
  /** The operator's role does not hold the route's duty. */
  'opsForbidden',
  /** Unknown operator name or wrong password: one answer for both, so names cannot be probed. */
  'opsSignInFailed',
  /** The TOTP code is wrong, too old, or was used already. */
  'opsTotpInvalid',
  /** The sign-in ticket expired or was used: start again with name and password. */
  'opsTicketExpired',
  /** The operator account is disabled. */
  'opsOperatorDisabled',
  /** An operator of that name exists already. */
  'opsNameTaken',
  /** Operator names: lower-case letters, digits, `.`, `_`, `-`; 1 to 40. */
  'opsNameFormat',
  /** The new password is shorter than OPS_PASSWORD_MIN. */
  'opsPasswordShort',
  /** An admin cannot disable themselves or change their own role. */
  'opsSelfChange',
  /** A money-affecting decision needs a TOTP code (field `totp`): the step-up window is closed. */
  'opsTotpRequired',
  /** The console session saw no request for OPS_IDLE_MINUTES and ended (HTTP 401). */
  'opsSessionIdle',
] as const;
