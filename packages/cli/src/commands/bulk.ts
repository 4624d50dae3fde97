/**
 * `personalize bulk`: one template rendered for every user of an NDJSON export, offline, on worker threads,
 * streaming (memory does not grow with the file), one output line per input line in input order.
 */

import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { NotFoundError } from '@personalize/core';
import type { BulkSetup, LineCounts } from '../bulk/bulk-protocol';
import { type BulkTotals, runBulk } from '../bulk/bulk-run';
import { progressBar } from '../bulk/progress';
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

/** The usage text of `bulk`. */
export const BULK_USAGE = `Usage: personalize bulk <template-file> --users <ndjson-file> --out <ndjson-file>
         [--workspace <file>] [--workspace-id <id>] [--event <name> --event-attrs <json-file>]
         [--workers <n>] [--batch-lines <n>] [--quiet] [--stats]

Renders the template (a text file, or a .json payload whose string values are templates) for every line of
--users, offline. Each input line is a JSON object: that user's attributes (UserAttribute), merged over the
stored user's when it has an "id" the workspace knows. Each output line is, in input order:
  {"line": <n>, "status": "sent", "text": "..."}        ("payload": {...} for a .json template)
  {"line": <n>, "status": "not_sent", "reason": "..."}
  {"line": <n>, "status": "error", "error": "..."}       (not a JSON object, or the template failed)
Content blocks and product sets come from the workspace; templates that call ContentApi are refused
(content APIs are network calls: use render).

  --users <file>           NDJSON input, "-" for standard input
  --out <file>             NDJSON output, "-" for standard output
  --workspace <file>       workspace file (JSON); defaults to the demo workspace
  --workspace-id <id>      the workspace to use when the file holds several
  --event <name>           the triggering event for every line (one of the workspace's events)
  --event-attrs <json-file> the event's attributes (EventAttribute), a JSON object
  --workers <n>            worker threads; defaults to the number of cores
  --batch-lines <n>        lines per message to a worker; defaults to 2000
  --quiet                  no progress bar and no summary
  --stats                  after the run, one JSON line of figures on stderr (rate, peak memory)
  --help                   this text

Exit status: 0 the run completed (per-line errors are in the output), 1 the template cannot be used or the
run failed, 2 bad arguments or input file.
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
  quiet: { type: 'boolean' },
  stats: { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

const DEFAULT_BATCH_LINES = 2_000;

/** The figures `--stats` prints. */
export interface BulkStats extends LineCounts {
  /** Input lines read (= output lines written). */
  lines: number;
  /** Wall time of the run, from starting the workers to the last line written, in seconds. */
  seconds: number;
  /** `lines / seconds`. */
  linesPerSecond: number;
  /** Worker threads used. */
  workers: number;
  /** Lines per worker message. */
  batchLines: number;
  /** CPU time of the whole process (all threads, user and system) during the run, in seconds. */
  cpuSeconds: number;
  /** The process's peak resident memory (all threads), in bytes. */
  maxRssBytes: number;
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

/** The output stream, opened before the run so that a path that cannot be written stops it at once. */
async function openOutput(path: string): Promise<NodeJS.WritableStream> {
  if (path === '-') return process.stdout;
  const stream = createWriteStream(path);
  try {
    await once(stream, 'open');
  } catch (error) {
    throw new CommandError(`--out ${path} cannot be written: ${messageOf(error)}`);
  }
  return stream;
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
  const workers =
    values.workers === undefined ? availableParallelism() : wholeNumber(values.workers, '--workers', 1);
  const batchLines =
    values['batch-lines'] === undefined
      ? DEFAULT_BATCH_LINES
      : wholeNumber(values['batch-lines'], '--batch-lines', 1);

  const template = await readTemplateFile(positionals[0]);
  const reads = templateReads(compileTemplateFile(template));
  const { entry } = await chooseWorkspace(values.workspace, values['workspace-id']);
  checkOffline(reads, entry);
  checkEventOption(entry, values.event, reads);
  const eventAttributes =
    values['event-attrs'] === undefined ? {} : await readJsonObject(values['event-attrs'], '--event-attrs');
  const totalBytes = await inputSize(usersPath);
  const output = await openOutput(outPath);

  const setup: BulkSetup = {
    template,
    store: {
      users: entry.users.map((user) => ({ id: user.id, attributes: user.attributes })),
      contentBlocks: entry.content_blocks,
      productSets: entry.product_sets,
    },
    event: values.event === undefined ? undefined : { name: values.event, attributes: eventAttributes },
  };
  const progress = progressBar(totalBytes, process.stderr, !values.quiet);
  const stopOnInterrupt = () => {
    progress.stop();
    process.stderr.write('bulk: interrupted; the output holds the lines written so far\n');
    process.exit(130);
  };
  process.once('SIGINT', stopOnInterrupt);
  const started = performance.now();
  const cpuAtStart = process.cpuUsage();
  let totals: BulkTotals;
  try {
    totals = await runBulk({
      setup,
      input: (usersPath === '-'
        ? process.stdin
        : createReadStream(usersPath, { highWaterMark: 1024 * 1024 })) as AsyncIterable<Buffer>,
      inputName: `--users ${usersPath}`,
      output,
      workers,
      batchLines,
      progress,
    });
  } finally {
    progress.stop();
    process.off('SIGINT', stopOnInterrupt);
  }
  const seconds = (performance.now() - started) / 1000;

  if (!values.quiet) {
    const where = outPath === '-' ? 'standard output' : outPath;
    process.stderr.write(
      `bulk: ${counted(totals.lines, 'line')} in ${seconds.toFixed(1)} s ` +
        `(${count(Math.round(totals.lines / seconds))} lines/s, ${counted(workers, 'worker')}): ` +
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
      linesPerSecond: Math.round(totals.lines / seconds),
      workers,
      batchLines,
      cpuSeconds: Number(((cpu.user + cpu.system) / 1e6).toFixed(3)),
      maxRssBytes: process.resourceUsage().maxRSS * 1024,
    };
    process.stderr.write(`${JSON.stringify(stats)}\n`);
  }
  return EXIT.ok;
}
