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
}
