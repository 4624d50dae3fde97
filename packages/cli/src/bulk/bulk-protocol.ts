/** The messages between `bulk`'s main thread and its worker threads. */
import type { TemplateFile } from '../templates/template-file';

/** What every worker is started with (its `workerData`): plain data, copied to each worker once. */
export interface BulkSetup {
  /** The template, or the payload of templates, to render for every line. */
  readonly template: TemplateFile;
  /** The workspace's stored users, content blocks and product sets. */
  readonly store: {
    readonly users: readonly {
      readonly id: string;
      readonly attributes: Readonly<Record<string, unknown>>;
    }[];
    readonly contentBlocks: Readonly<Record<string, string>>;
    readonly productSets: Readonly<Record<string, readonly unknown[]>>;
  };
  /** The triggering event, the same for every line, when the command names one. */
  readonly event?: { readonly name: string; readonly attributes: Readonly<Record<string, unknown>> };
}

/** A batch of input lines for a worker: UTF-8 bytes, whole lines, the last newline optional. */
export interface BatchRequest {
  /** The batch's place in the input, from 0: results are written in this order. */
  readonly seq: number;
  /** The 1-based input line number of the batch's first line. */
  readonly firstLine: number;
  /** How many lines the bytes hold. */
  readonly lines: number;
  /** The lines' bytes (transferred, not copied). */
  readonly bytes: Uint8Array;
}

/** How many lines of a batch ended each way. */
export interface LineCounts {
  /** Rendered. */
  sent: number;
  /** The template said not to send. */
  notSent: number;
  /** The line was not a JSON object, or the template failed for it. */
  errors: number;
}

/** A rendered batch: one NDJSON output line per input line, in input order. */
export interface BatchResult extends LineCounts {
  /** The request's `seq`. */
  readonly seq: number;
  /** The size of the request's bytes, for the progress display. */
  readonly inputBytes: number;
  /** The output lines' UTF-8 bytes, each line ending in a newline (transferred, not copied). */
  readonly bytes: Uint8Array;
}
