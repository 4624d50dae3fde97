/**
 * Work started in input order, finished in any order, written strictly in input order. At most `maxInFlight`
 * pieces are started and not yet written (those waiting for their turn included), and `add` waits for room
 * before it starts one: the input is read no faster than the output is written, so memory stays bounded
 * whatever the input's size. The first failure, of any piece or of a write, stops everything.
 */

/** Options of `OrderedWrites`. */
export interface OrderedWritesOptions<T> {
  /** Pieces started and not yet written, at most. */
  readonly maxInFlight: number;
  /** Writes one piece's result; called in the order the pieces were added, one at a time. */
  readonly write: (result: T) => Promise<void> | void;
}

/** A bounded window of work whose results are written in the order it was started. */
export class OrderedWrites<T> {
  private readonly inFlight: Promise<T>[] = [];
  private writing = false;
  private failed = false;
  private failure: unknown;
  private waiters: (() => void)[] = [];

  constructor(private readonly options: OrderedWritesOptions<T>) {}

  /** Waits for room, then starts a piece of work; its result is written after those of the pieces before it. */
  async add(start: () => Promise<T>): Promise<void> {
    while (this.inFlight.length >= this.options.maxInFlight && !this.failed) await this.changed();
    if (this.failed) throw this.failure;
    const work = start();
    // A failure stops the run at once, not when the piece's turn to be written comes.
    work.catch((error: unknown) => this.fail(error));
    this.inFlight.push(work);
    if (!this.writing) void this.writeInOrder();
  }

  /** Waits until every piece added has been written; throws the first failure. */
  async drain(): Promise<void> {
    while (this.inFlight.length > 0 && !this.failed) await this.changed();
    if (this.failed) throw this.failure;
  }

  private changed(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private signal(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  private fail(error: unknown): void {
    if (this.failed) return;
    this.failed = true;
    this.failure = error;
    this.signal();
  }

  private async writeInOrder(): Promise<void> {
    this.writing = true;
    try {
      while (this.inFlight.length > 0 && !this.failed) {
        const result = await this.inFlight[0];
        if (this.failed) break;
        await this.options.write(result);
        this.inFlight.shift();
        this.signal();
      }
    } catch (error) {
      this.fail(error);
    } finally {
      this.writing = false;
    }
  }
}
