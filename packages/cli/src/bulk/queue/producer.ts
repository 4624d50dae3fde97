/**
 * The producer of a queued `bulk` run: the input cut into chunks of lines, each enqueued as a BullMQ job
 * (compressed with `@personalize/compression`), at most `maxInFlight` chunks enqueued and not yet written, and
 * the rendered chunks written to the output in input order as they complete. The setup travels once, under the
 * run id; after each chunk written the run's state records how far the output goes, so that a stopped producer
 * can be resumed from there (`--resume`). A chunk that fails on every attempt ends the run, naming its lines.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat, truncate } from 'node:fs/promises';
import { decodeValue, encodeValue } from '@personalize/compression';
import { Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import { CommandError, EXIT, messageOf } from '../../command-line/command-error';
import { BulkOutput, type BulkTotals, openOutput } from '../bulk-output';
import type { BulkSetup } from '../bulk-protocol';
import { runBatches } from '../bulk-run';
import type { LineBatch } from '../line-batches';
import type { Progress } from '../progress';
import {
  CHUNK_ATTEMPTS,
  type ChunkJob,
  type ChunkReport,
  chunkJobId,
  MAX_STORED_BYTES,
  parseChunkReport,
  QUEUE_NAME,
  RUN_TTL_SECONDS,
  runKeys,
} from './chunk-jobs';
import {
  CLOSE_TIMEOUT_MS,
  connectRedis,
  dropConnection,
  type RedisTarget,
  RedisWatch,
  settleWithin,
} from './redis-link';

/** What a queued run needs. */
export interface QueuedRunOptions {
  /** The Redis of the queue. */
  readonly redis: RedisTarget;
  /** What the workers render with. */
  readonly setup: BulkSetup;
  /** The NDJSON input file (`-` for standard input: not resumable). */
  readonly usersPath: string;
  /** The NDJSON output file (`-` for standard output: not resumable). */
  readonly outPath: string;
  /** Lines per chunk. */
  readonly batchLines: number;
  /** Chunks enqueued and not yet written, at most. */
  readonly maxInFlight: number;
  /** The run to resume, or undefined for a new run. */
  readonly resume: string | undefined;
  /** How long Redis may stay silent before the run stops, in seconds. */
  readonly redisWaitSeconds: number;
  /** Builds the progress display once the run knows where it starts. */
  readonly progress: (done: { bytes: number; lines: number }) => Progress;
  /** Told the run id as soon as it is known (so that an interrupted run can say how to resume). */
  readonly started: (run: string) => void;
  /** Told when no chunk has finished for `seconds` (no worker running?), once per such wait. */
  readonly stalled: (seconds: number) => void;
}

/** A wait with no chunk finished that is worth a word to the user: no worker may be running. */
const STALLED_NOTE_SECONDS = 30;

/** One worker's share of a run, for `--stats`. */
export interface WorkerFigures {
  /** `host:pid` of the worker process. */
  readonly worker: string;
  /** Chunks it rendered. */
  chunks: number;
  /** Lines it rendered. */
  lines: number;
  /** Time its render threads spent on those chunks, in seconds. */
  renderSeconds: number;
}

/** What a queued run did. */
export interface QueuedRunResult {
  /** The run id. */
  readonly run: string;
  /** Every line written, this run's and (resumed) the earlier part's. */
  readonly totals: BulkTotals;
  /** Chunks written by this producer. */
  readonly chunks: number;
  /** Each worker's share of the chunks this producer wrote. */
  readonly workers: readonly WorkerFigures[];
}

/** The run's state hash, as stored. */
interface RunState {
  /** A digest of the setup and options: a resume must render the same way. */
  readonly digest: string;
  /** The input file's size when the run began. */
  readonly inputSize: number;
  /** Chunks written, lines written (and how they ended), and the input and output bytes they cover. */
  readonly chunks: number;
  readonly totals: BulkTotals;
  readonly inputBytes: number;
  readonly outputBytes: number;
}

/** A chunk rendered by the fleet, its output still compressed. */
interface RenderedChunk {
  readonly seq: number;
  /** Where the chunk's lines are (its bytes are not kept: the chunk waits for workers, its input is in Redis). */
  readonly batch: ChunkPlace;
  readonly report: ChunkReport;
  readonly output: string;
}

/** Where a chunk's lines are in the input. */
type ChunkPlace = Pick<LineBatch, 'firstLine' | 'lines' | 'inputBytes'>;

function lineRange(batch: ChunkPlace): string {
  const last = batch.firstLine + batch.lines - 1;
  return last === batch.firstLine ? `line ${last}` : `lines ${batch.firstLine}-${last}`;
}

function countLines(bytes: Buffer): number {
  let lines = 0;
  for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, at + 1)) lines++;
  return lines;
}

function digestOf(setup: BulkSetup, batchLines: number): string {
  return createHash('sha256')
    .update(JSON.stringify({ setup: { ...setup, template: { ...setup.template, path: '' } }, batchLines }))
    .digest('hex');
}

function encodeState(state: RunState): Record<string, string> {
  return {
    digest: state.digest,
    inputSize: String(state.inputSize),
    chunks: String(state.chunks),
    lines: String(state.totals.lines),
    sent: String(state.totals.sent),
    notSent: String(state.totals.notSent),
    errors: String(state.totals.errors),
    inputBytes: String(state.inputBytes),
    outputBytes: String(state.outputBytes),
  };
}

function decodeState(run: string, fields: Record<string, string>): RunState {
  const number = (name: string) => {
    const value = Number(fields[name]);
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new CommandError(`run ${run}: its state in Redis is not what personalize writes (${name})`);
    }
    return value;
  };
  return {
    digest: fields.digest ?? '',
    inputSize: number('inputSize'),
    chunks: number('chunks'),
    totals: {
      lines: number('lines'),
      sent: number('sent'),
      notSent: number('notSent'),
      errors: number('errors'),
    },
    inputBytes: number('inputBytes'),
    outputBytes: number('outputBytes'),
  };
}

async function fileSize(path: string, option: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch (error) {
    throw new CommandError(`${option} ${path} cannot be used to resume: ${messageOf(error)}`);
  }
}

/** Starts a new run: its setup and first state stored under a new run id. */
async function beginRun(
  client: Redis,
  options: QueuedRunOptions,
  digest: string,
): Promise<[string, RunState]> {
  const run = randomBytes(8).toString('hex');
  const keys = runKeys(run);
  const state: RunState = {
    digest,
    inputSize: options.usersPath === '-' ? 0 : await fileSize(options.usersPath, '--users'),
    chunks: 0,
    totals: { lines: 0, sent: 0, notSent: 0, errors: 0 },
    inputBytes: 0,
    outputBytes: 0,
  };
  await client
    .multi()
    .set(keys.setup, encodeValue(JSON.stringify(options.setup)), 'EX', RUN_TTL_SECONDS)
    .hset(keys.state, encodeState(state))
    .expire(keys.state, RUN_TTL_SECONDS)
    .exec();
  return [run, state];
}

/** Finds a stopped run and checks that this command goes on with it: same files, same template and options. */
async function findRun(
  client: Redis,
  options: QueuedRunOptions,
  run: string,
  digest: string,
): Promise<RunState> {
  if (options.usersPath === '-' || options.outPath === '-') {
    throw new CommandError(
      '--resume needs --users and --out to be files: standard input and output cannot be resumed',
    );
  }
  const fields = await client.hgetall(runKeys(run).state);
  if (Object.keys(fields).length === 0) {
    throw new CommandError(
      `--resume ${run}: no such run in Redis (a run is kept ${RUN_TTL_SECONDS / 86_400} days after it last wrote)`,
    );
  }
  const state = decodeState(run, fields);
  if (state.digest !== digest) {
    throw new CommandError(
      `--resume ${run}: the template, workspace, event, --batch-lines or --max-line-bytes differ from the run's; resuming would mix two renderings. Give the same ones, or start a new run.`,
    );
  }
  if ((await fileSize(options.usersPath, '--users')) !== state.inputSize) {
    throw new CommandError(
      `--resume ${run}: --users ${options.usersPath} is not the size it had when the run began`,
    );
  }
  const outputSize = await fileSize(options.outPath, '--out');
  if (outputSize < state.outputBytes) {
    throw new CommandError(
      `--resume ${run}: --out ${options.outPath} is shorter than what the run wrote (${state.outputBytes} bytes); it was changed`,
    );
  }
  // Lines past the last chunk recorded were written by a producer that stopped before recording them.
  if (outputSize > state.outputBytes) await truncate(options.outPath, state.outputBytes);
  return state;
}

/** Runs `bulk --queue`: resolves once every line is written, or rejects with a `CommandError`. */
export async function runQueued(options: QueuedRunOptions): Promise<QueuedRunResult> {
  const client = await connectRedis(options.redis);
  const connection = { url: options.redis.url };
  const queue = new Queue<ChunkJob>(QUEUE_NAME, { connection });
  const events = new QueueEvents(QUEUE_NAME, { connection });
  // Each chunk in flight waits on both for its end.
  queue.setMaxListeners(options.maxInFlight + 10);
  events.setMaxListeners(options.maxInFlight * 2 + 10);
  // Connection errors repeat while Redis is away; the watch decides when to give up, and says why.
  queue.on('error', () => undefined);
  events.on('error', () => undefined);
  const watch = new RedisWatch(
    client,
    options.redis,
    options.redisWaitSeconds,
    'the run stopped; the output holds the chunks written so far',
  );
  try {
    return await Promise.race([produce(options, client, queue, events), watch.lost]);
  } finally {
    watch.stop();
    await closeQueue(client, queue, events);
  }
}

/**
 * Closes the queue's connections. After a failure Redis may be gone, and BullMQ then waits on it without end:
 * closing is given a few seconds, and what is left is dropped when the command exits.
 */
async function closeQueue(client: Redis, queue: Queue, events: QueueEvents): Promise<void> {
  await settleWithin(Promise.allSettled([events.close(), queue.close(), client.quit()]), CLOSE_TIMEOUT_MS);
  dropConnection(client);
}

async function produce(
  options: QueuedRunOptions,
  client: Redis,
  queue: Queue<ChunkJob>,
  events: QueueEvents,
): Promise<QueuedRunResult> {
  const digest = digestOf(options.setup, options.batchLines);
  const [run, state] =
    options.resume === undefined
      ? await beginRun(client, options, digest)
      : [options.resume, await findRun(client, options, options.resume, digest)];
  options.started(run);
  const keys = runKeys(run);
  if (options.resume !== undefined) {
    // A chunk that failed every attempt ended the earlier producer: it gets its attempts again.
    for (const job of await queue.getFailed()) {
      if (job.id?.startsWith(`${run}-`)) await job.retry();
    }
  }

  const output = new BulkOutput(
    await openOutput(options.outPath, options.resume === undefined ? undefined : state.outputBytes),
    options.progress({ bytes: state.inputBytes, lines: state.totals.lines }),
    state.totals,
    state.inputBytes,
  );
  const input =
    options.usersPath === '-'
      ? process.stdin
      : createReadStream(options.usersPath, { start: state.inputBytes, highWaterMark: 1024 * 1024 });
  const decoder = new TextDecoder();
  const workers = new Map<string, WorkerFigures>();
  let lastFinished = Date.now();
  const stallCheck = setInterval(() => {
    const seconds = (Date.now() - lastFinished) / 1000;
    if (seconds < STALLED_NOTE_SECONDS) return;
    options.stalled(Math.floor(seconds));
    lastFinished = Date.now();
  }, 1_000);
  stallCheck.unref();
  let chunks = state.chunks;
  let inputBytes = state.inputBytes;
  let outputBytes = state.outputBytes;

  /** Puts a chunk on the queue; its bytes and text are not needed after that. */
  const enqueue = (batch: LineBatch, seq: number) => {
    const text = decoder.decode(batch.bytes);
    const data: ChunkJob = {
      run,
      seq,
      firstLine: batch.firstLine,
      lines: batch.lines,
      longLines: [...batch.longLines],
      size: Buffer.byteLength(text),
      chunk: encodeValue(text),
    };
    return queue.add('chunk', data, {
      jobId: chunkJobId(run, seq),
      attempts: CHUNK_ATTEMPTS,
      backoff: { type: 'fixed', delay: 1_000 },
      removeOnComplete: { age: RUN_TTL_SECONDS },
      removeOnFail: { age: RUN_TTL_SECONDS },
    });
  };

  /** Waits for a queued chunk to be rendered, and fetches its output. */
  const rendered = async (
    batch: ChunkPlace,
    seq: number,
    queued: ReturnType<typeof enqueue>,
  ): Promise<RenderedChunk> => {
    const job = await queued;
    let report: ChunkReport;
    try {
      report = parseChunkReport(await job.waitUntilFinished(events));
      lastFinished = Date.now();
    } catch (error) {
      throw new CommandError(
        `bulk: ${lineRange(batch)} (chunk ${seq} of run ${run}) failed on the workers (a chunk has ${CHUNK_ATTEMPTS} attempts): ${messageOf(error)}. ` +
          `The output holds the lines before the failed chunk's (as far as they were written); after fixing the cause, go on with --resume ${run}.`,
        EXIT.templateError,
      );
    }
    const output = await client.get(keys.result(seq));
    if (output === null) {
      throw new Error(
        `${lineRange(batch)} (chunk ${seq}) were rendered, but their output is gone from Redis`,
      );
    }
    return { seq, batch, report, output };
  };

  // Not an async function: the batch's bytes are let go once enqueued, not held until the chunk is rendered.
  const start = (batch: LineBatch, seq: number): Promise<RenderedChunk> => {
    const place = { firstLine: batch.firstLine, lines: batch.lines, inputBytes: batch.inputBytes };
    return rendered(place, seq, enqueue(batch, seq));
  };

  const write = async ({ seq, batch, report, output: compressed }: RenderedChunk): Promise<void> => {
    const bytes = Buffer.from(decodeValue(compressed, { maxBytes: MAX_STORED_BYTES }));
    // Every line once: a chunk's output has exactly one line per input line.
    const lines = countLines(bytes);
    if (lines !== batch.lines || report.sent + report.notSent + report.errors !== batch.lines) {
      throw new Error(
        `the output of ${lineRange(batch)} (chunk ${seq}) has ${lines} lines, not ${batch.lines}`,
      );
    }
    const figures = workers.get(report.worker) ?? {
      worker: report.worker,
      chunks: 0,
      lines: 0,
      renderSeconds: 0,
    };
    workers.set(report.worker, figures);
    figures.chunks++;
    figures.lines += batch.lines;
    figures.renderSeconds += report.renderMilliseconds / 1000;
    await output.write(bytes, report, batch.inputBytes, workers.size);
    chunks = seq + 1;
    inputBytes += batch.inputBytes;
    outputBytes += bytes.length;
    // The state first, then the chunk's result and job: a producer that stops in between finds them again.
    await client
      .multi()
      .hset(keys.state, encodeState({ ...state, chunks, totals: output.totals, inputBytes, outputBytes }))
      .expire(keys.state, RUN_TTL_SECONDS)
      .expire(keys.setup, RUN_TTL_SECONDS)
      .del(keys.result(seq))
      .exec();
    await queue.remove(chunkJobId(run, seq));
  };

  try {
    await runBatches({
      input: input as AsyncIterable<Buffer>,
      inputName: `--users ${options.usersPath}`,
      batches: {
        maxLines: options.batchLines,
        maxLineBytes: options.setup.maxLineBytes,
        firstLine: state.totals.lines + 1,
      },
      firstBatch: state.chunks,
      maxInFlight: options.maxInFlight,
      start,
      write,
    });
  } finally {
    clearInterval(stallCheck);
  }
  await output.close();
  // Every chunk is written: nothing is left to resume.
  await client.del(keys.setup, keys.state);
  return { run, totals: output.totals, chunks: chunks - state.chunks, workers: [...workers.values()] };
}
