import type { OpsEvent } from '../../domain';

/** Told each operator event. */
export type OpsListener = (event: OpsEvent) => void;

/**
 * The operators' event stream: areas publish what an operator's console shows live (a user's chat
 * message, a conversation assigned, queue counts); the operator socket fans it out to signed-in
 * consoles. In-process today; the one seam a bus replaces when the server runs as several processes.
 */
export class OpsEvents {
  readonly #listeners = new Set<OpsListener>();
  readonly #queueWatchers = new Set<() => void>();

  /** Delivers `event` to every listener; a listener that throws does not stop the others. */
  publish(event: OpsEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch {
        // a console's socket failing to take an event must not fail the command that caused it
      }
    }
  }

  /** Adds a listener; returns its remover. */
  listen(listener: OpsListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Whether any console listens, so producers can skip work nobody will see. */
  get listening(): boolean {
    return this.#listeners.size > 0;
  }

  /**
   * Says that a review queue's count may have moved (a user's submission, an operator's decision),
   * after the command that moved it committed. Cheap: the overview recounts, coalesced, and
   * publishes `{type: 'queues'}` only while a console listens.
   */
  queuesMoved(): void {
    for (const watcher of this.#queueWatchers) watcher();
  }

  /** Adds a watcher of `queuesMoved` (the overview's recount); returns its remover. */
  onQueuesMoved(watcher: () => void): () => void {
    this.#queueWatchers.add(watcher);
    return () => this.#queueWatchers.delete(watcher);
  }
}
