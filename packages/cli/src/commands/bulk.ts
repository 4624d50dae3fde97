/**
 * `personalize bulk`: one template rendered for every user of an NDJSON export, offline, streaming (memory does
 * not grow with the file), one output line per input line in input order; on this machine's worker threads, or
 * with `--queue` on the `personalize worker` processes of a Redis queue, on any number of machines.
 */

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { NotFoundError } from '@personalize/core';
import { BulkOutput, type BulkTotals, openOutput } from '../bulk/bulk-output';
import type { BulkSetup, LineCounts } from '../bulk/bulk-protocol';
import { runLocal } from '../bulk/local-run';
import { noProgress, type Progress, progressBar } from '../bulk/progress';
import type { QueuedRunResult, WorkerFigures } from '../bulk/queue/producer';
import { parseRedisUrl, RUN_ID } from '../bulk/queue/queue-options';
import { parseCommandArguments, usageError, wholeNumber } from '../command-line/arguments';
import { CommandError, EXIT, type ExitStatus, messageOf } from '../command-line/command-error';
import { readJsonObject } from '../command-line/json-file';
import { compileTemplateFile, readTemplateFile } from '../templates/template-file';
import { type NamesRead, readsAny, type TemplateReads, templateReads } from '../templates/template-reads';
import {
  checkEventAttrsOption,
  checkEventOption,
  chooseWorkspace,
  type WorkspaceEntry,
} from '../workspaces/workspace-option';

const DEFAULT_BATCH_LINES = 2_000;
/** Lines per queued chunk: per line, a larger chunk costs the producer and Redis less (see the README). */
const DEFAULT_CHUNK_LINES = 10_000;
/** A line longer than this is not read: 16 MiB. */
const DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;
/** The largest `--max-line-bytes`: a batch of lines (twice the limit, at most) still decodes to one string. */
const MAX_LINE_BYTES_LIMIT = 128 * 1024 * 1024;
const DEFAULT_CHUNKS_IN_FLIGHT = 64;
const DEFAULT_REDIS_WAIT_SECONDS = 30;

/** The usage text of `bulk`. */
export const BULK_USAGE = `Usage: personalize bulk <template-file> --users <ndjson-file> --out <ndjson-file>
         [--workspace <file>] [--workspace-id <id>] [--event <name> --event-attrs <json-file>]
         [--workers <n>] [--batch-lines <n>] [--max-line-bytes <n>] [--quiet] [--stats]
         [--queue <redis-url> [--resume <run-id>] [--chunks-in-flight <n>] [--redis-wait <seconds>]]

Renders the template (a text file, or a .json payload whose string values are templates) for every line of
--users, offline. Each input line is a JSON object: that user's attributes (UserAttribute), merged over the
stored user's when it has an "id" the workspace knows. Each output line is, in input order:
  {"line": <n>, "status": "sent", "text": "..."}        ("payload": {...} for a .json template)
  {"line": <n>, "status": "not_sent", "reason": "..."}
  {"line": <n>, "status": "error", "error": "..."}       (not a JSON object, too long, or the template failed)
Content blocks and product sets come from the workspace; templates that call ContentApi are refused
(content APIs are network calls: use render).

  --users <file>           NDJSON input, "-" for standard input
  --out <file>             NDJSON output, "-" for standard output
  --workspace <file>       workspace file (JSON); defaults to the demo workspace
  --workspace-id <id>      the workspace to use when the file holds several
  --event <name>           the triggering event for every line (one of the workspace's events)
  --event-attrs <json-file> the event's attributes (EventAttribute), a JSON object
  --workers <n>            worker threads; defaults to the number of cores
  --batch-lines <n>        lines per message to a worker thread; defaults to 2000 (with --queue: lines per
                           queued chunk, defaults to 10000)
  --max-line-bytes <n>     the longest input line read, in bytes: a longer one is an error line and the run
                           goes on; defaults to 16777216 (16 MiB), at most ${MAX_LINE_BYTES_LIMIT}
  --quiet                  no progress bar and no summary
  --stats                  after the run, one JSON line of figures on stderr (rate, peak memory, per worker)
  --help                   this text

Rendering on many machines (start \`personalize worker --queue <redis-url>\` on each):
  --queue <redis-url>      send the lines as chunks to the workers of this Redis's queue, and write their
                           output here in input order
  --resume <run-id>        go on with a queued run whose producer stopped, from the last chunk it wrote (give
                           the same template, workspace and files)
  --chunks-in-flight <n>   chunks queued and not yet written, at most; defaults to ${DEFAULT_CHUNKS_IN_FLIGHT}
  --redis-wait <seconds>   how long Redis may stay silent before the run stops; defaults to ${DEFAULT_REDIS_WAIT_SECONDS}

Exit status: 0 the run completed (per-line errors are in the output), 1 the template cannot be used or the
run failed (Redis unreachable, a chunk that failed on every attempt), 2 bad arguments or input file.
`;

const OPTIONS = {
  users: { type: 'string' },
  out: { type: 'string' },
  workspace: { type: 'string' },
  'workspace-id': { type: 'string' },
  event: { type: 'string' },
  'event-attrs': { type: 'string' },
  workers: { type: 'string' },
  'batch-lines': { type: 'string' },
  'max-line-bytes': { type: 'string' },
  queue: { type: 'string' },
  resume: { type: 'string' },
  'chunks-in-flight': { type: 'string' },
  'redis-wait': { type: 'string' },
  quiet: { type: 'boolean' },
  stats: { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

/** The figures `--stats` prints. */
export interface BulkStats extends LineCounts {
  /** Input lines answered (= output lines written), a resumed run's earlier part included. */
  lines: number;
  /** Wall time of the run, from starting the workers to the last line written, in seconds. */
  seconds: number;
  /** Lines written by this run over `seconds`. */
  linesPerSecond: number;
  /** Worker threads used; with --queue, the worker processes that rendered this run's chunks. */
  workers: number;
  /** Lines per worker message (per chunk with --queue). */
  batchLines: number;
  /** CPU time of the whole process (all threads, user and system) during the run, in seconds. */
  cpuSeconds: number;
  /** The process's peak resident memory (all threads), in bytes. */
  maxRssBytes: number;
  /** With --queue: the run id, the chunks this producer wrote, and each worker's share of them. */
  queue?: {
    run: string;
    chunks: number;
    workers: (WorkerFigures & { linesPerSecond: number })[];
  };
}

function namesList(names: NamesRead): string {
  return names === 'all' ? '' : `.${names.join(', .')}`;
}

/** Refuses, before reading any line, a template that cannot render offline or names data the workspace lacks. */
function checkOffline(reads: TemplateReads, entry: WorkspaceEntry): void {
  if (readsAny(reads.contentApis)) {
    throw new CommandError(
      `the template calls ContentApi${namesList(reads.contentApis)}: content APIs are network calls and bulk ` +
        'renders offline. Render it for one user with `personalize render`, or take the call out.',
      EXIT.templateError,
    );
  }
  if (reads.contentBlocks !== 'all') {
    const missing = reads.contentBlocks.filter((name) => !Object.hasOwn(entry.content_blocks, name));
    if (missing.length > 0) {
      throw new CommandError(
        `${new NotFoundError('content_block', missing).message} in workspace ${entry.id}`,
        EXIT.templateError,
      );
    }
  }
  if (reads.productSets !== 'all') {
    const missing = reads.productSets.find((name) => !Object.hasOwn(entry.product_sets, name));
    if (missing !== undefined) {
      throw new CommandError(
        `${new NotFoundError('product_set', [missing]).message} in workspace ${entry.id}`,
        EXIT.templateError,
      );
    }
  }
}

/** The size of the input file for the progress display (unknown for standard input). */
async function inputSize(path: string): Promise<number | undefined> {
  if (path === '-') return undefined;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new CommandError(`--users ${path} is not a file`);
    return info.size;
  } catch (error) {
    if (error instanceof CommandError) throw error;
    const code = (error as { code?: unknown }).code;
    throw new CommandError(`--users ${path}: ${code === 'ENOENT' ? 'it does not exist' : messageOf(error)}`);
  }
}

const count = (n: number) => n.toLocaleString('en-US');
/** `1 line`, `2,000 lines`. */
const counted = (n: number, noun: string) => `${count(n)} ${noun}${n === 1 ? '' : 's'}`;

/** Whole-number options of `bulk`: the value given, or the default. */
function numberOption(
  text: string | undefined,
  option: string,
  fallback: number,
  min = 1,
  max?: number,
): number {
  if (text === undefined) return fallback;
  const value = wholeNumber(text, option, min);
  if (max !== undefined && value > max)
    throw new CommandError(`${option} must be at most ${max}, got ${value}`);
  return value;
}

/** Runs `personalize bulk`; resolves to the exit status. */
export async function bulkCommand(args: readonly string[]): Promise<ExitStatus> {
  const { values, positionals } = parseCommandArguments(args, OPTIONS, BULK_USAGE);
  if (values.help) {
    process.stdout.write(BULK_USAGE);
    return EXIT.ok;
  }
  if (positionals.length !== 1) throw usageError('bulk takes one template file', BULK_USAGE);
  const usersPath = values.users;
  const outPath = values.out;
  if (usersPath === undefined || outPath === undefined)
    throw usageError('bulk needs --users and --out', BULK_USAGE);
  if (usersPath !== '-' && outPath !== '-' && resolve(usersPath) === resolve(outPath)) {
    throw usageError('--out must not be the --users file', BULK_USAGE);
  }
  checkEventAttrsOption(values, BULK_USAGE);
  const queue = values.queue === undefined ? undefined : parseRedisUrl(values.queue, '--queue', BULK_USAGE);
  if (queue !== undefined && values.workers !== undefined) {
    throw usageError(
      '--workers counts the threads of a run on this machine; with --queue, give it to each `personalize worker`',
      BULK_USAGE,
    );
  }
  if (queue === undefined) {
    for (const option of ['resume', 'chunks-in-flight', 'redis-wait'] as const) {
      if (values[option] !== undefined) throw usageError(`--${option} goes with --queue`, BULK_USAGE);
    }
  }
  if (values.resume !== undefined && !RUN_ID.test(values.resume)) {
    throw usageError(
      `--resume takes the run id that bulk printed, got ${JSON.stringify(values.resume)}`,
      BULK_USAGE,
    );
  }
  const workers = numberOption(values.workers, '--workers', availableParallelism());
  const batchLines = numberOption(
    values['batch-lines'],
    '--batch-lines',
    queue === undefined ? DEFAULT_BATCH_LINES : DEFAULT_CHUNK_LINES,
  );
  const maxLineBytes = numberOption(
    values['max-line-bytes'],
    '--max-line-bytes',
    DEFAULT_MAX_LINE_BYTES,
    1,
    MAX_LINE_BYTES_LIMIT,
  );
  const chunksInFlight = numberOption(
    values['chunks-in-flight'],
    '--chunks-in-flight',
    DEFAULT_CHUNKS_IN_FLIGHT,
  );
  const redisWaitSeconds = numberOption(values['redis-wait'], '--redis-wait', DEFAULT_REDIS_WAIT_SECONDS);

  const template = await readTemplateFile(positionals[0]);
  const reads = templateReads(compileTemplateFile(template));
  const { entry } = await chooseWorkspace(values.workspace, values['workspace-id']);
  checkOffline(reads, entry);
  checkEventOption(entry, values.event, reads);
  const eventAttributes =
    values['event-attrs'] === undefined ? {} : await readJsonObject(values['event-attrs'], '--event-attrs');
  const totalBytes = await inputSize(usersPath);

  const setup: BulkSetup = {
    template,
    store: {
      users: entry.users.map((user) => ({ id: user.id, attributes: user.attributes })),
      contentBlocks: entry.content_blocks,
      productSets: entry.product_sets,
    },
    event: values.event === undefined ? undefined : { name: values.event, attributes: eventAttributes },
    maxLineBytes,
  };
  let progress: Progress = noProgress(process.stderr);
  let run: string | undefined;
  const stopOnInterrupt = () => {
    progress.stop();
    const resume = run === undefined ? '' : `; go on with --resume ${run}`;
    process.stderr.write(`bulk: interrupted; the output holds the lines written so far${resume}\n`);
    process.exit(130);
  };
  process.once('SIGINT', stopOnInterrupt);
  const started = performance.now();
  const cpuAtStart = process.cpuUsage();
  let totals: BulkTotals;
  let linesBefore = 0;
  let queued: QueuedRunResult | undefined;
  try {
    if (queue === undefined) {
      const output = await openOutput(outPath);
      progress = progressBar(totalBytes, process.stderr, !values.quiet);
      const bulkOutput = new BulkOutput(output, progress);
      await runLocal({
        setup,
        input: (usersPath === '-'
          ? process.stdin
          : createReadStream(usersPath, { highWaterMark: 1024 * 1024 })) as AsyncIterable<Buffer>,
        inputName: `--users ${usersPath}`,
        output: bulkOutput,
        threads: workers,
        batchLines,
      });
      totals = bulkOutput.totals;
    } else {
      // BullMQ and the Redis client load only for a queued run.
      const { runQueued } = await import('../bulk/queue/producer');
      queued = await runQueued({
        redis: queue,
        setup,
        usersPath,
        outPath,
        batchLines,
        maxInFlight: chunksInFlight,
        resume: values.resume,
        redisWaitSeconds,
        progress: (done) => {
          linesBefore = done.lines;
          progress = progressBar(totalBytes, process.stderr, !values.quiet, done);
          return progress;
        },
        started: (id) => {
          run = id;
          if (!values.quiet) {
            const how = values.resume === undefined ? 'run' : 'resuming run';
            process.stderr.write(`bulk: ${how} ${id} on ${queue.shown} (if it stops: --resume ${id})\n`);
          }
        },
        stalled: (seconds) => {
          if (values.quiet) return;
          progress.note(
            `bulk: no chunk has finished for ${seconds} s; is a \`personalize worker --queue ${queue.shown}\` running?`,
          );
        },
      });
      totals = queued.totals;
    }
  } finally {
    progress.stop();
    process.off('SIGINT', stopOnInterrupt);
  }
  const seconds = (performance.now() - started) / 1000;
  const linesNow = totals.lines - linesBefore;
  const fleet = queued === undefined ? workers : queued.workers.length;

  if (!values.quiet) {
    const where = outPath === '-' ? 'standard output' : outPath;
    process.stderr.write(
      `bulk: ${counted(linesNow, 'line')} in ${seconds.toFixed(1)} s ` +
        `(${count(Math.round(linesNow / seconds))} lines/s, ${counted(fleet, 'worker')}): ` +
        `${count(totals.sent)} sent, ${count(totals.notSent)} not sent, ${counted(totals.errors, 'error')}; output in ${where}\n`,
    );
  }
  if (values.stats) {
    const cpu = process.cpuUsage(cpuAtStart);
    const stats: BulkStats = {
      lines: totals.lines,
      sent: totals.sent,
      notSent: totals.notSent,
      errors: totals.errors,
      seconds: Number(seconds.toFixed(3)),
      linesPerSecond: Math.round(linesNow / seconds),
      workers: fleet,
      batchLines,
      cpuSeconds: Number(((cpu.user + cpu.system) / 1e6).toFixed(3)),
      maxRssBytes: process.resourceUsage().maxRSS * 1024,
      queue:
        queued === undefined
          ? undefined
          : {
              run: queued.run,
              chunks: queued.chunks,
              workers: queued.workers.map((figures) => ({
                ...figures,
                renderSeconds: Number(figures.renderSeconds.toFixed(3)),
                linesPerSecond: Math.round(figures.lines / figures.renderSeconds),
              })),
            },
    };
    process.stderr.write(`${JSON.stringify(stats)}\n`);
  }
  return EXIT.ok;
}
