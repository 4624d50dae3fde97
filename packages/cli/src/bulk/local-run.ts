/**
 * A `bulk` run on this machine: batches of lines rendered on the render threads, written in input order, with
 * a few batches in flight per thread so that none waits.
 */
import type { BulkOutput } from './bulk-output';
import type { BatchOutput, BulkSetup } from './bulk-protocol';
import { runBatches } from './bulk-run';
import type { LineBatch } from './line-batches';
import { RenderThreads } from './render-threads';

/** Batches in flight per thread: one rendering, one queued, one waiting to be written. */
const IN_FLIGHT_PER_THREAD = 3;

/** The name of a local run's setup on its threads (a queue worker names setups by run id). */
const LOCAL_RUN = 'local';

/** What a local run needs. */
export interface LocalRunOptions {
  /** What every thread renders with. */
  readonly setup: BulkSetup;
  /** The NDJSON input. */
  readonly input: AsyncIterable<Buffer>;
  /** How the input is named in messages (`--users export.ndjson`). */
  readonly inputName: string;
  /** Where the output lines go; closed at the end of the run. */
  readonly output: BulkOutput;
  /** Render threads. */
  readonly threads: number;
  /** Lines per batch. */
  readonly batchLines: number;
}

/** Renders every input line on the render threads and writes the output lines in input order. */
export async function runLocal(options: LocalRunOptions): Promise<void> {
  const { setup, output } = options;
  const threads = new RenderThreads(options.threads);
  try {
    await runBatches<{ batch: LineBatch; rendered: BatchOutput }>({
      input: options.input,
      inputName: options.inputName,
      batches: { maxLines: options.batchLines, maxLineBytes: setup.maxLineBytes },
      maxInFlight: options.threads * IN_FLIGHT_PER_THREAD,
      start: async (batch) => ({
        batch,
        rendered: await threads.render(LOCAL_RUN, setup, {
          firstLine: batch.firstLine,
          lines: batch.lines,
          longLines: batch.longLines,
          input: batch.bytes,
          inputSize: batch.bytes.byteLength,
        }),
      }),
      write: ({ batch, rendered }) => output.write(rendered.output as Uint8Array, rendered, batch.inputBytes),
    });
    await output.close();
  } finally {
    await threads.close();
  }
}
