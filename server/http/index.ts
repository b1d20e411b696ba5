/**
 * The HTTP layer's face: errors, input parsing, the handler registry, socket channels, texts and
 * the server itself.
 */
export { AppError, fail, loginRequired, notFound } from './app-error';
export type { Authenticator, RevokeListener } from './auth';
export { ChannelHub, type Publisher } from './channels';
export { type DecisionPush, decisionPusher } from './decision-events';
export {
  bool,
  idField,
  type Input,
  integerText,
  intField,
  optionalIdField,
  optionalIntField,
  optionalWholeField,
  pageFields,
  readInput,
  requiredStr,
  str,
} from './input';
export { loadMessages, loadTexts, type TextCatalog } from './messages';
export {
  type AuthSession,
  type HandlerContext,
  HandlerRegistry,
  type LimitSpec,
  sessionOf,
} from './registry';
export { createHttp, mountConsoleFiles, mountHttp } from './server';
export { SOCKET_PATH, startSysChannel } from './ws';
