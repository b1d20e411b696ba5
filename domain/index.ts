export * from './constants';
export * from './endpoints';
export * from './envelope';
export * from './errors';
export * from './locale';
export * from './money';
export * from './rules';
export * from './socket';
