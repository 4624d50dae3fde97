/**
 * One `bulk` run: the input streamed in batches of lines to the worker pool, the results written in input
 * order, the output closed. Failures of the input or the output stop the run with a message saying which.
 */
import { once } from 'node:events';
import { CommandError, EXIT, messageOf } from '../command-line/command-error';
import type { BatchResult, BulkSetup, LineCounts } from './bulk-protocol';
import { type LineBatch, lineBatches } from './line-batches';
import { OrderedPool } from './ordered-pool';
import type { Progress } from './progress';

/** Batches in flight per worker: one rendering, one queued, one waiting to be written. */
const IN_FLIGHT_PER_WORKER = 3;

/** What a run needs. */
export interface BulkRunOptions {
  /** What every worker renders with. */
  readonly setup: BulkSetup;
  /** The NDJSON input. */
  readonly input: AsyncIterable<Buffer>;
  /** How the input is named in messages (`--users export.ndjson`). */
  readonly inputName: string;
  /** Where the output lines go; ended at the end of the run unless it is standard output. */
  readonly output: NodeJS.WritableStream;
  /** Worker threads. */
  readonly workers: number;
  /** Lines per batch. */
  readonly batchLines: number;
  /** Told after each batch written. */
  readonly progress: Progress;
}

/** How many lines a run wrote, and how each ended. */
export interface BulkTotals extends LineCounts {
  /** Lines written (one per input line). */
  lines: number;
}

/** Ends a file output and waits until it is closed; standard output stays open. */
async function closeOutput(output: NodeJS.WritableStream): Promise<void> {
  if (output === process.stdout) return;
  // 'close' comes after 'finish', or after 'error' (which the run's own listener keeps).
  const closed = once(output, 'close').catch(() => undefined);
  output.end();
  await closed;
}

/** Renders every input line on the workers and writes the output lines in input order. */
export async function runBulk(options: BulkRunOptions): Promise<BulkTotals> {
  const { output, progress } = options;
  const totals: BulkTotals = { lines: 0, sent: 0, notSent: 0, errors: 0 };
  let inputBytes = 0;
  // An output error (a full disk, a closed pipe) is kept and stops the run at the next write.
  let outputError: Error | undefined;
  output.on('error', (error: Error) => {
    outputError ??= error;
  });
  const write = async (result: BatchResult) => {
    if (outputError !== undefined) throw outputError;
    const bytes = Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength);
    if (!output.write(bytes)) await once(output, 'drain');
    totals.lines += result.sent + result.notSent + result.errors;
    totals.sent += result.sent;
    totals.notSent += result.notSent;
    totals.errors += result.errors;
    inputBytes += result.inputBytes;
    progress.update(inputBytes, totals.lines);
  };

  const pool = new OrderedPool({
    script: new URL('./bulk-worker.js', import.meta.url),
    workers: options.workers,
    workerData: options.setup,
    maxInFlight: options.workers * IN_FLIGHT_PER_WORKER,
    write,
  });
  try {
    const batches = lineBatches(options.input, options.batchLines);
    for (;;) {
      let next: IteratorResult<LineBatch>;
      try {
        next = await batches.next();
      } catch (error) {
        throw new CommandError(`${options.inputName} cannot be read: ${messageOf(error)}`);
      }
      if (next.done) break;
      await pool.submit(next.value);
    }
    await pool.drain();
    await closeOutput(output);
    if (outputError !== undefined) throw outputError;
  } catch (error) {
    if (error instanceof CommandError) throw error;
    const what =
      error === outputError ? `the output could not be written: ${messageOf(error)}` : messageOf(error);
    throw new CommandError(`bulk: the run stopped: ${what}`, EXIT.templateError);
  } finally {
    await pool.close();
  }
  return totals;
}
