/**
 * `personalize worker`'s work: a BullMQ worker that takes chunks of any run from the queue, renders each on the
 * render threads with its run's setup (read from Redis once per run), stores the output lines under the run's
 * result key and completes the job with a short report. A worker that dies holding a chunk loses nothing: its
 * lock runs out and another worker takes the chunk again (BullMQ's stalled-job check).
 */
import { hostname } from 'node:os';
import { decodeValue } from '@personalize/compression';
import { type Job, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { BulkSetup } from '../bulk-protocol';
import { RenderThreads } from '../render-threads';
import {
  type ChunkJob,
  type ChunkReport,
  MAX_STORED_BYTES,
  parseChunkJob,
  parseSetup,
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

/** Setups kept in memory: more runs than this at once are read from Redis again. */
const SETUPS_KEPT = 8;
/** Times a chunk may be found stalled (its worker gone) before it fails; one more than BullMQ's default. */
const MAX_STALLED = 2;

/** What a worker needs. */
export interface QueueWorkerOptions {
  /** The Redis of the queue. */
  readonly redis: RedisTarget;
  /** Render threads. */
  readonly threads: number;
  /** How long a chunk's lock lasts without renewal, and how often stalled chunks are looked for, in seconds. */
  readonly stallSeconds: number;
  /** How long Redis may stay silent before the worker stops, in seconds. */
  readonly redisWaitSeconds: number;
  /** Where the worker says what it does (one line each, no newline). */
  readonly log: (line: string) => void;
}

/** What a worker did, up to now. */
export interface QueueWorkerTotals {
  /** Chunks rendered and completed. */
  chunks: number;
  /** Lines in them. */
  lines: number;
}

/** A running worker. */
export interface RunningWorker {
  /** `host:pid`, as reports and `--stats` name it. */
  readonly name: string;
  /** What it did so far. */
  readonly totals: QueueWorkerTotals;
  /** Rejects with a `CommandError` when Redis stays silent too long; never resolves. */
  readonly lost: Promise<never>;
  /** Finishes the chunks in hand, then stops; with `force`, stops at once (they go back to the queue). */
  close(force?: boolean): Promise<void>;
}

/** Setups by run, read from Redis once and kept for the latest runs. */
class SetupCache {
  private readonly setups = new Map<string, Promise<BulkSetup>>();

  constructor(private readonly client: Redis) {}

  get(run: string): Promise<BulkSetup> {
    let setup = this.setups.get(run);
    if (setup === undefined) {
      setup = this.read(run);
      // A setup that could not be read is tried again by the next chunk.
      setup.catch(() => this.setups.delete(run));
      if (this.setups.size === SETUPS_KEPT) this.setups.delete(this.setups.keys().next().value as string);
    } else {
      this.setups.delete(run);
    }
    this.setups.set(run, setup);
    return setup;
  }

  private async read(run: string): Promise<BulkSetup> {
    const stored = await this.client.get(runKeys(run).setup);
    if (stored === null) throw new Error(`run ${run} has no setup in Redis (it ended, or was kept too long)`);
    return parseSetup(decodeValue(stored, { maxBytes: MAX_STORED_BYTES }));
  }
}

/** Connects to Redis and starts taking chunks. */
export async function startQueueWorker(options: QueueWorkerOptions): Promise<RunningWorker> {
  const client = await connectRedis(options.redis);
  const name = `${hostname()}:${process.pid}`;
  const threads = new RenderThreads(options.threads);
  const setups = new SetupCache(client);
  const totals: QueueWorkerTotals = { chunks: 0, lines: 0 };

  const renderChunk = async (job: Job<ChunkJob>): Promise<ChunkReport> => {
    const chunk = parseChunkJob(job.data);
    const setup = await setups.get(chunk.run);
    const rendered = await threads.render(chunk.run, setup, {
      firstLine: chunk.firstLine,
      lines: chunk.lines,
      longLines: chunk.longLines,
      input: chunk.chunk,
      inputSize: chunk.size,
    });
    // Written before the job completes: a worker that dies in between leaves a chunk that is rendered again.
    await client.set(runKeys(chunk.run).result(chunk.seq), rendered.output as string, 'EX', RUN_TTL_SECONDS);
    totals.chunks++;
    totals.lines += chunk.lines;
    return {
      worker: name,
      sent: rendered.sent,
      notSent: rendered.notSent,
      errors: rendered.errors,
      renderMilliseconds: rendered.renderMilliseconds,
    };
  };

  const worker = new Worker<ChunkJob, ChunkReport>(QUEUE_NAME, renderChunk, {
    connection: { url: options.redis.url },
    name,
    concurrency: options.threads,
    lockDuration: options.stallSeconds * 1000,
    stalledInterval: options.stallSeconds * 1000,
    maxStalledCount: MAX_STALLED,
  });
  // Connection errors repeat while Redis is away; the watch decides when to give up, and says why.
  worker.on('error', () => undefined);
  worker.on('failed', (job, error) => {
    if (job === undefined) return;
    const data = job.data as Partial<ChunkJob>;
    const where =
      typeof data.firstLine === 'number' && typeof data.lines === 'number'
        ? `lines ${data.firstLine}-${data.firstLine + data.lines - 1} of run ${String(data.run)}`
        : `job ${job.id}`;
    options.log(`worker ${name}: ${where} failed (attempt ${job.attemptsMade}): ${error.message}`);
  });
  const watch = new RedisWatch(client, options.redis, options.redisWaitSeconds, 'the worker stopped');
  await worker.waitUntilReady();

  return {
    name,
    totals,
    lost: watch.lost,
    async close(force = false) {
      watch.stop();
      if (force) {
        // Redis may be gone, and BullMQ then waits on it without end: what is left is dropped at exit.
        await settleWithin(worker.close(true), CLOSE_TIMEOUT_MS);
        dropConnection(client);
      } else {
        await worker.close();
        await client.quit();
      }
      await threads.close();
    },
  };
}
