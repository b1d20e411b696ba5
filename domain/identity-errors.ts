/** Message keys of identity, invite and team, credit score (`mine`, `ping`); texts in `locales/<lang>/errors.json`. */
export const IDENTITY_ERROR_KEYS = [
  // identity verification
  'kycNameFormat',
  'kycIdNumberFormat',
  'kycDocType',
  'kycPhotoRequired',
  'kycPhotoReused',
  'kycUnderReview',
  'kycAlreadyVerified',
  'kycRequired',
  'kycNotInReview',
  'reasonRequired',
  // team and agents
  'agentOnly',
  'authCodeWrong',
  'authCodeExpired',
  'authCodeAttempts',
  'teamSelf',
  'teamAlreadyMember',
  'teamHasReferrer',
  'teamCycle',
] as const;
