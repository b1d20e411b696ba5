/**
 * Items that wait and are handed on in batches, one batch at a time, in arrival order. The first
 * batch starts on the next turn of the event loop, so everything queued in this one (the requests
 * read from the sockets together) shares it; later items queue while it runs. The writer's commands
 * and the spot order service's orders queue this way.
 */
export class BatchQueue<T> {
  private items: T[] = [];
  private running: Promise<void> | null = null;

  constructor(
    /** Most items in one batch. */
    private readonly maxBatch: number,
    /** Runs one batch; the next starts when it settles. It should not throw: a rejection ends the drain. */
    private readonly runBatch: (batch: T[]) => Promise<void>,
  ) {}

  /** Queues an item for the next batch. */
  push(item: T): void {
    this.items.push(item);
    this.running ??= new Promise<void>((r) => setImmediate(r)).then(() => this.drain());
  }

  /** Resolves when nothing is queued or running. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    try {
      while (this.items.length) await this.runBatch(this.items.splice(0, this.maxBatch));
    } finally {
      this.running = null;
    }
  }
}
