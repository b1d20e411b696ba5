// The assets area's face: its WorkerModule and the types pages see.
export { assetsModule, type AssetsApi } from './module';
export type { AmountAnswer, AmountQuery } from './funding';
