// The timed-option area's face: its WorkerModule and the types pages see.
export { secondModule, type SecondApi } from './module';
export type { SecondPreview, SecondPreviewInput } from './second-preview';
export type { SecondState } from './second-watch';
