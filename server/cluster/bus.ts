/**
 * The message bus between a core and its edges: NATS in a cluster (`nats-bus.ts`). The server's
 * code sees only this interface; payloads are text (JSON the two sides agree on in `wire.ts`).
 */
export interface Bus {
  /** Sends `payload` to every subscriber of `subject` (at most once, no reply). */
  publish(subject: string, payload: string): void;
  /** Calls `handler` for each message on `subject` (wildcards allowed); returns the unsubscriber. */
  subscribe(subject: string, handler: (payload: string, subject: string) => void): () => void;
  /**
   * Sends `payload` to one responder of `subject` and resolves with its answer. Rejects with a
   * `BusUnavailableError` when no responder is there, the bus is disconnected, or `timeoutMs` passes.
   */
  request(subject: string, payload: string, timeoutMs: number): Promise<string>;
  /**
   * Answers requests on `subject` as one member of `queue` (each request reaches one member);
   * returns the unsubscriber. A handler that throws answers nothing (the requester times out), so
   * handlers catch and answer their own failures.
   */
  serve(subject: string, queue: string, handler: (payload: string) => Promise<string>): () => void;
  /**
   * Tells `listener` when the connection drops and when it is back (the client reconnects by itself
   * and subscribes again; what was published meanwhile is lost). Returns the remover.
   */
  onStatus(listener: (status: BusStatus) => void): () => void;
  /** Resolves once the server has seen everything sent so far (subscriptions included). */
  flush(): Promise<void>;
  /** Drains subscriptions and closes the connection. */
  close(): Promise<void>;
}

/** A change of the bus connection. */
export type BusStatus = 'disconnected' | 'reconnected';

/** The bus could not deliver a request: nobody answers, the connection is down, or it timed out. */
export class BusUnavailableError extends Error {
  override name = 'BusUnavailableError';
}
