/** Frame length assumed when the host has no requestAnimationFrame, in milliseconds (60 Hz). */
export const FRAME_MS = 16;

/** Schedules one callback for the next frame. The handle is opaque (a number in browsers). */
export interface FrameScheduler {
  request(callback: () => void): unknown;
  cancel(handle: unknown): void;
}

/** The parts of a worker global the default scheduler looks at. */
interface FrameHost {
  requestAnimationFrame?: (callback: (time: number) => void) => unknown;
  cancelAnimationFrame?: (handle: never) => void;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: never) => void;
}

/**
 * requestAnimationFrame when the worker global has it (Chromium and Firefox dedicated workers do,
 * and it pauses with a hidden page, which is what we want), else a FRAME_MS timer (Safari's workers,
 * Node). Looked up at call time so a test's fake timers apply.
 */
export function defaultFrameScheduler(host: FrameHost = globalThis as unknown as FrameHost): FrameScheduler {
  if (typeof host.requestAnimationFrame === 'function') {
    return {
      request: (callback) => host.requestAnimationFrame!(() => callback()),
      cancel: (handle) => host.cancelAnimationFrame?.(handle as never),
    };
  }
  return {
    request: (callback) => host.setTimeout(callback, FRAME_MS),
    cancel: (handle) => host.clearTimeout(handle as never),
  };
}

/** Runs at most one task per key per frame, the latest one scheduled. */
export interface FrameCoalescer {
  /** Replaces the pending task of `key` (latest wins) and makes sure a frame is requested. */
  schedule(key: string, task: () => void): void;
  /** Drops the pending task of `key`, if any. */
  cancel(key: string): void;
  /** Runs every pending task now (tests, and before tearing down). */
  flush(): void;
  /** Number of keys with a pending task. */
  pending(): number;
  /** Drops every pending task and the requested frame. */
  dispose(): void;
}

/**
 * Creates a coalescer. Many updates to the same key within one frame cost one task run: a book
 * receiving 100 diffs a second is regrouped and sent to the UI thread at most once per frame.
 */
export function createFrameCoalescer(scheduler: FrameScheduler = defaultFrameScheduler()): FrameCoalescer {
  let tasks = new Map<string, () => void>();
  let handle: unknown = null;
  let requested = false;

  const run = (): void => {
    requested = false;
    handle = null;
    // Swap first: a task that schedules again lands in the next frame, not in this loop.
    const due = tasks;
    tasks = new Map();
    for (const task of due.values()) {
      try {
        task();
      } catch {
        // One subscriber's failure must not starve the others of their frame.
      }
    }
  };

  return {
    schedule(key, task) {
      tasks.set(key, task);
      if (!requested) {
        requested = true;
        handle = scheduler.request(run);
      }
    },
    cancel(key) {
      tasks.delete(key);
    },
    flush() {
      if (requested) scheduler.cancel(handle);
      run();
    },
    pending: () => tasks.size,
    dispose() {
      if (requested) scheduler.cancel(handle);
      requested = false;
      handle = null;
      tasks.clear();
    },
  };
}
