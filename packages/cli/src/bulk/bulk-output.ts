/**
 * The output of a `bulk` run: rendered batches written in input order to a file or standard output, with the
 * totals and the progress display kept up to date. Each write resolves once its bytes are handed to the system,
 * so that what a resumable run records as written is on its way to the file.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { CommandError, EXIT, messageOf } from '../command-line/command-error';
import type { LineCounts } from './bulk-protocol';
import type { Progress } from './progress';

/** How many lines a run wrote, and how each ended. */
export interface BulkTotals extends LineCounts {
  /** Lines written (one per input line). */
  lines: number;
}

/** Where a run's output lines go. */
export class BulkOutput {
  /** Lines written so far, by status. */
  readonly totals: BulkTotals;
  private inputBytes: number;
  private failure: Error | undefined;

  /**
   * Writes to `stream` (standard output stays open at the end); `done` counts what an earlier part of the run
   * already wrote (a resumed run), `inputBytes` how much input that covered.
   */
  constructor(
    private readonly stream: NodeJS.WritableStream,
    private readonly progress: Progress,
    done: BulkTotals = { lines: 0, sent: 0, notSent: 0, errors: 0 },
    inputBytes = 0,
  ) {
    this.totals = { ...done };
    this.inputBytes = inputBytes;
    // An output error (a full disk, a closed pipe) is kept and stops the run at the next write.
    stream.on('error', (error: Error) => {
      this.failure ??= error;
    });
  }

  /** Writes one batch's output lines: `counts` says how they ended, `inputBytes` how much input they answer. */
  async write(bytes: Uint8Array, counts: LineCounts, inputBytes: number, workers?: number): Promise<void> {
    if (this.failure !== undefined) throw this.writeError(this.failure);
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    await new Promise<void>((resolve, reject) => {
      this.stream.write(buffer, (error) => (error ? reject(this.writeError(error)) : resolve()));
    });
    this.totals.lines += counts.sent + counts.notSent + counts.errors;
    this.totals.sent += counts.sent;
    this.totals.notSent += counts.notSent;
    this.totals.errors += counts.errors;
    this.inputBytes += inputBytes;
    this.progress.update(this.inputBytes, this.totals.lines, workers);
  }

  /** Ends a file output and waits until it is closed; standard output stays open. */
  async close(): Promise<void> {
    if (this.stream !== process.stdout) {
      // 'close' comes after 'finish', or after 'error' (which the constructor's listener keeps).
      const closed = once(this.stream, 'close').catch(() => undefined);
      this.stream.end();
      await closed;
    }
    if (this.failure !== undefined) throw this.writeError(this.failure);
  }

  private writeError(error: Error): CommandError {
    return new CommandError(
      `bulk: the run stopped: the output could not be written: ${messageOf(error)}`,
      EXIT.templateError,
    );
  }
}

/**
 * Opens the output before the run, so that a path that cannot be written stops it at once. `start` appends at
 * that byte offset (a resumed run), after cutting off anything past it.
 */
export async function openOutput(path: string, start?: number): Promise<NodeJS.WritableStream> {
  if (path === '-') return process.stdout;
  const stream =
    start === undefined ? createWriteStream(path) : createWriteStream(path, { flags: 'r+', start });
  try {
    await once(stream, 'open');
  } catch (error) {
    throw new CommandError(`--out ${path} cannot be written: ${messageOf(error)}`);
  }
  return stream;
}
