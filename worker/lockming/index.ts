// The lock-up area's face: its WorkerModule and the types pages see.
export { lockmingModule, type LockmingApi } from './module';
export type { LockPreviewInput, LockPreviewResult, RedeemPreview } from './preview';
