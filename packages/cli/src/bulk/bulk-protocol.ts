/** The messages between `bulk`'s (or a queue worker's) main thread and its render threads. */
import type { TemplateFile } from '../templates/template-file';
import type { LongLine } from './line-batches';

/** What a run renders with: plain data, sent to each render thread once per run. */
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
  /** The longest input line read, in bytes: a longer one is answered with an error line. */
  readonly maxLineBytes: number;
}

/** Whole input lines to render, and where they are in the input. */
export interface BatchLines {
  /** The 1-based input line number of the first line. */
  readonly firstLine: number;
  /** How many lines the input holds. */
  readonly lines: number;
  /** The lines over `maxLineBytes`: each stands as an empty line in the input. */
  readonly longLines: readonly LongLine[];
  /**
   * The lines: their UTF-8 bytes (transferred, not copied), or the `@personalize/compression` value of their text
   * (a queued chunk), whose output is then compressed the same way.
   */
  readonly input: Uint8Array | string;
  /** The size of the lines' text in bytes (uncompressed): the cap when a compressed input is inflated. */
  readonly inputSize: number;
}

/** A message to a render thread. */
export type ThreadRequest =
  /** Keep this run's setup (compile its template) for the batches that name it. */
  | { readonly kind: 'setup'; readonly run: string; readonly setup: BulkSetup }
  /** Drop a run's setup. */
  | { readonly kind: 'forget'; readonly run: string }
  /** Render a batch with a run's setup, and answer with `id`. */
  | ({ readonly kind: 'render'; readonly id: number; readonly run: string } & BatchLines);

/** How many lines of a batch ended each way. */
export interface LineCounts {
  /** Rendered. */
  sent: number;
  /** The template said not to send. */
  notSent: number;
  /** The line was not a JSON object, too long, or the template failed for it. */
  errors: number;
}

/** A rendered batch: one NDJSON output line per input line, in input order. */
export interface BatchOutput extends LineCounts {
  /**
   * The output lines, each ending in a newline: UTF-8 bytes (transferred) for a bytes input, a compressed value
   * for a compressed one.
   */
  readonly output: Uint8Array | string;
  /** How long the render thread took over the batch, decoding and encoding included, in milliseconds. */
  readonly renderMilliseconds: number;
}

/** A render thread's answer to a `render` request. */
export type ThreadAnswer =
  | ({ readonly kind: 'rendered'; readonly id: number } & BatchOutput)
  /** The batch could not be rendered at all (its input did not decode, or the run's setup is unusable). */
  | { readonly kind: 'failed'; readonly id: number; readonly message: string };
