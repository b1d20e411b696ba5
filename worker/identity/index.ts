// The identity area's face: its WorkerModule and the types pages see.
export { identityModule, type IdentityApi } from './module';
export type { CachedPrivate, PrivateCachedName } from './identity-cache';
