import type { EngineListener } from './types';

/** A listener that ignores everything (the default when no listener is given). */
export const NOOP_LISTENER: EngineListener = {
  accepted() {},
  trade() {},
  done() {},
  level() {},
};
