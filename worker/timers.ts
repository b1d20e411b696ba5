/** An opaque timer handle: a number in browsers, an object in Node. */
export type TimerHandle = unknown;

/**
 * The clock and timers the worker uses, injectable so tests can drive reconnect schedules and
 * timeouts deterministically. All durations are in milliseconds.
 */
export interface Timers {
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  setInterval(fn: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle): void;
  /** Milliseconds since the epoch. */
  now(): number;
}

/**
 * Timers backed by the globals. The globals are looked up on every call (not captured at import)
 * so that `vi.useFakeTimers()` installed after import still takes effect.
 */
export const defaultTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as number),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as number),
  now: () => Date.now(),
};
