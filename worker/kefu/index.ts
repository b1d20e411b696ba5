// The support chat's face: its WorkerModule and the types pages see.
export { kefuModule, type KefuApi } from './module';
export type { KefuDraft, KefuView, PendingMessage } from './chat';
