/**
 * What a queued run keeps in Redis, and the shapes that cross it, checked on arrival: a chunk job's data, the
 * report a worker returns for it, and the run's setup. One BullMQ queue serves every run; a run's jobs and keys
 * carry its run id, so that runs sharing the queue never mix.
 *
 * Per run: the setup (template, workspace data and options; written once), the state (what the producer has
 * written so far, for `--resume`), and one result key per rendered chunk until the producer has written it.
 */
import { z } from 'zod';
import type { BulkSetup } from '../bulk-protocol';
import { RUN_ID } from './queue-options';

/** The BullMQ queue of every run. */
export const QUEUE_NAME = 'personalize-bulk';

/** How long a run's keys and jobs stay in Redis after it last wrote: a stopped run can be resumed within this. */
export const RUN_TTL_SECONDS = 7 * 24 * 60 * 60;

/** The largest input chunk a worker takes, in bytes (twice the largest `--max-line-bytes`). */
export const MAX_CHUNK_BYTES = 256 * 1024 * 1024;

/** The largest setup or chunk output read back from Redis, in bytes. */
export const MAX_STORED_BYTES = 512 * 1024 * 1024;

/** Attempts at a chunk before it fails the run. */
export const CHUNK_ATTEMPTS = 3;

/** The Redis keys of one run. */
export function runKeys(run: string) {
  const base = `personalize:bulk-run:${run}`;
  return {
    /** The run's setup, a `@personalize/compression` value of its JSON. */
    setup: `${base}:setup`,
    /** A hash: the run's options and what the producer has written so far. */
    state: `${base}:state`,
    /** A rendered chunk's output lines, a compressed value, until the producer has written them. */
    result: (seq: number) => `${base}:result:${seq}`,
  };
}

/** The BullMQ job id of a run's chunk: adding it again (a resumed run) finds the same job. */
export function chunkJobId(run: string, seq: number): string {
  return `${run}-${seq}`;
}

const count = z.number().int().nonnegative();

const chunkJobSchema = z.object({
  run: z.string().regex(RUN_ID),
  seq: count,
  firstLine: z.number().int().positive(),
  lines: z.number().int().positive(),
  longLines: z.array(z.object({ line: z.number().int().positive(), bytes: count })),
  size: count.max(MAX_CHUNK_BYTES),
  chunk: z.string(),
});

/** A chunk job's data: whole input lines of a run, compressed. */
export type ChunkJob = z.infer<typeof chunkJobSchema>;

const chunkReportSchema = z.object({
  worker: z.string(),
  sent: count,
  notSent: count,
  errors: count,
  renderMilliseconds: z.number().nonnegative(),
});

/** What a worker returns for a chunk (its output lines are under the run's result key). */
export type ChunkReport = z.infer<typeof chunkReportSchema>;

const attributes = z.record(z.string(), z.unknown());

const setupSchema = z.object({
  template: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('text'), path: z.string(), source: z.string() }),
    z.object({ kind: z.literal('payload'), path: z.string(), payload: attributes }),
  ]),
  store: z.object({
    users: z.array(z.object({ id: z.string(), attributes })),
    contentBlocks: z.record(z.string(), z.string()),
    productSets: z.record(z.string(), z.array(z.unknown())),
  }),
  event: z.object({ name: z.string(), attributes }).optional(),
  maxLineBytes: z.number().int().positive(),
});

/** The message of a shape that does not match: the first issue, with its path. */
function mismatch(what: string, error: z.ZodError): Error {
  const issue = error.issues[0];
  const where = issue.path.length === 0 ? '' : ` at ${issue.path.join('.')}`;
  return new Error(`${what} is not what personalize writes${where}: ${issue.message}`);
}

/** Checks a job's data; throws an `Error` saying what is wrong. */
export function parseChunkJob(data: unknown): ChunkJob {
  const parsed = chunkJobSchema.safeParse(data);
  if (!parsed.success) throw mismatch('the chunk job', parsed.error);
  return parsed.data;
}

/** Checks a worker's report; throws an `Error` saying what is wrong. */
export function parseChunkReport(data: unknown): ChunkReport {
  const parsed = chunkReportSchema.safeParse(data);
  if (!parsed.success) throw mismatch("the worker's report", parsed.error);
  return parsed.data;
}

/** Checks a run's setup, read back as JSON; throws an `Error` saying what is wrong. */
export function parseSetup(json: string): BulkSetup {
  const parsed = setupSchema.safeParse(JSON.parse(json));
  if (!parsed.success) throw mismatch("the run's setup", parsed.error);
  return parsed.data;
}
