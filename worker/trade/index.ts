// The spot trade area's face: its WorkerModule and the types pages see.
export { tradeModule, type TradeApi } from './module';
export type { OrderPreview, PreviewInput } from './spot-preview';
