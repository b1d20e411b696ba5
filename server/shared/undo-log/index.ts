import { currentCommand, type Writer } from '../../db';

/**
 * Memory an area changes inside writer commands (open orders and their triggers, an expiry queue,
 * exposure totals), kept in step with the database the commands write. A command changes the memory
 * as it writes, so the next command of the batch sees it (a check and its write in one command);
 * each change records how to take it back. A command whose savepoint rolls back takes back its own
 * changes, a batch that fails as a whole takes back all of its, newest first; a committed batch
 * forgets them. Changes made outside a command (loading at start) are not recorded.
 */
export class UndoLog {
  private steps: Array<() => void> = [];
  private readonly leave: () => void;

  constructor(private readonly writer: Writer) {
    this.leave = writer.participate({
      mark: () => this.steps.length,
      rollbackTo: (mark) => this.back(mark as number),
      committed: () => {
        this.steps = [];
      },
      aborted: () => this.back(0),
    });
  }

  /** Inside a command of this writer, records how to take back a change just made. */
  add(undo: () => void): void {
    if (currentCommand()?.writer === this.writer) this.steps.push(undo);
  }

  /** Stops following the writer's batches. */
  close(): void {
    this.leave();
    this.steps = [];
  }

  private back(mark: number): void {
    while (this.steps.length > mark) this.steps.pop()!();
  }
}
