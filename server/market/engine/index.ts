export * from './types';
export { OrderBook } from './order-book';
export { ReferenceEngine } from './reference-engine';
export { NOOP_LISTENER } from './listeners';
export { DEFAULT_IDEMPOTENCY_WINDOW } from './idempotency-cache';
export { MAX_CLIENT_ORDER_ID_LENGTH } from './request-checks';
