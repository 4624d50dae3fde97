/**
 * The shape of every `bulk` run, local or queued: the input streamed in batches of whole lines, each batch
 * started as soon as there is room, the rendered batches written strictly in input order. Failures of the input
 * stop the run with a message naming it; any other failure stops it as "the run stopped".
 */
import { CommandError, EXIT, messageOf } from '../command-line/command-error';
import { type LineBatch, type LineBatchOptions, lineBatches } from './line-batches';
import { OrderedWrites } from './ordered-writes';

/** What a run needs: where the lines come from, and how a batch is rendered and written. */
export interface BulkRunOptions<T> {
  /** The NDJSON input. */
  readonly input: AsyncIterable<Buffer>;
  /** How the input is named in messages (`--users export.ndjson`). */
  readonly inputName: string;
  /** How the input is cut into batches. */
  readonly batches: LineBatchOptions;
  /** The number of the first batch: 0, or where a resumed run goes on. */
  readonly firstBatch?: number;
  /** Batches started and not yet written, at most. */
  readonly maxInFlight: number;
  /** Starts rendering a batch (`seq` numbers batches in input order); resolves once it is rendered. */
  readonly start: (batch: LineBatch, seq: number) => Promise<T>;
  /** Writes a rendered batch; called in input order, one at a time. */
  readonly write: (rendered: T) => Promise<void>;
}

/** Renders and writes every batch of the input; resolves once the last is written. */
export async function runBatches<T>(options: BulkRunOptions<T>): Promise<void> {
  const writes = new OrderedWrites<T>({ maxInFlight: options.maxInFlight, write: options.write });
  let seq = options.firstBatch ?? 0;
  const batches = lineBatches(options.input, options.batches);
  try {
    for (;;) {
      let next: IteratorResult<LineBatch>;
      try {
        next = await batches.next();
      } catch (error) {
        throw new CommandError(`${options.inputName} cannot be read: ${messageOf(error)}`);
      }
      if (next.done) break;
      const batch = next.value;
      const at = seq++;
      await writes.add(() => options.start(batch, at));
    }
    await writes.drain();
  } catch (error) {
    if (error instanceof CommandError) throw error;
    throw new CommandError(`bulk: the run stopped: ${messageOf(error)}`, EXIT.templateError);
  } finally {
    // Closes the input when the run stopped before its end.
    await batches.return(undefined);
  }
}
