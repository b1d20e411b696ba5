/** Message keys of news and help centre, support chat, live stream and coin listing; texts in `locales/<lang>/errors.json`. */
export const CONTENT_ERROR_KEYS = [
  'newsRawHtml',
  'newsUnsafeLink',
  'kefuTooLong',
  'kefuEmpty',
  'kefuClientId',
  'liveUrlFormat',
  'liveSchedule',
  'listingSymbolFormat',
  'listingWebsiteFormat',
  'listingPending',
  'listingNotOpen',
] as const;
