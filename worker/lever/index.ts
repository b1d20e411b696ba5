// The lever area's face: its WorkerModule and the types pages see.
export { leverModule, type LeverCoreApi } from './module';
export type { LeverLivePosition, LeverLiveState, LeverPnlQuery } from './live';
export type { LeverPreview, LeverPreviewInput } from '../../domain/lever-math';
