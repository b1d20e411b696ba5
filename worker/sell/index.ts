// The quick-sell area's face: its WorkerModule and the types pages see.
export { sellModule, type SellApi, type SellPreview, type SellPreviewInput } from './module';
