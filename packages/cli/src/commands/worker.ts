/**
 * `personalize worker`: renders the chunks that `bulk --queue` puts on a Redis queue, on this machine's cores.
 * Run one per machine; every run sharing the queue is served.
 */
import { availableParallelism } from 'node:os';
import { parseRedisUrl } from '../bulk/queue/queue-options';
import { parseCommandArguments, usageError, wholeNumber } from '../command-line/arguments';
import { EXIT, type ExitStatus } from '../command-line/command-error';

const DEFAULT_STALL_SECONDS = 30;
const DEFAULT_REDIS_WAIT_SECONDS = 30;

/** The usage text of `worker`. */
export const WORKER_USAGE = `Usage: personalize worker --queue <redis-url> [--workers <n>] [--stall-seconds <n>]
         [--redis-wait <seconds>] [--quiet]

Takes chunks of input lines from the queue that \`personalize bulk --queue\` fills, renders them on this
machine's cores with their run's template and workspace (read from Redis once per run), and hands back their
output lines. Start one on each machine; runs sharing the queue are served side by side. SIGTERM or SIGINT
stops it after the chunks in hand; a second one stops it at once (those chunks go to other workers).

  --queue <redis-url>      the queue's Redis, as given to bulk --queue
  --workers <n>            render threads; defaults to the number of cores
  --stall-seconds <n>      how long a chunk stays with a worker that stopped answering before another worker
                           takes it over; defaults to ${DEFAULT_STALL_SECONDS}
  --redis-wait <seconds>   how long Redis may stay silent before the worker stops; defaults to ${DEFAULT_REDIS_WAIT_SECONDS}
  --quiet                  no log lines on stderr
  --help                   this text

Exit status: 0 stopped by a signal, 1 Redis unreachable or silent for too long, 2 bad arguments.
`;

const OPTIONS = {
  queue: { type: 'string' },
  workers: { type: 'string' },
  'stall-seconds': { type: 'string' },
  'redis-wait': { type: 'string' },
  quiet: { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

const count = (n: number) => n.toLocaleString('en-US');

/** Runs `personalize worker` until a signal stops it; resolves to the exit status. */
export async function workerCommand(args: readonly string[]): Promise<ExitStatus> {
  const { values, positionals } = parseCommandArguments(args, OPTIONS, WORKER_USAGE);
  if (values.help) {
    process.stdout.write(WORKER_USAGE);
    return EXIT.ok;
  }
  if (positionals.length > 0) throw usageError('worker takes no file', WORKER_USAGE);
  if (values.queue === undefined) throw usageError('worker needs --queue', WORKER_USAGE);
  const redis = parseRedisUrl(values.queue, '--queue', WORKER_USAGE);
  const threads =
    values.workers === undefined ? availableParallelism() : wholeNumber(values.workers, '--workers', 1);
  const stallSeconds =
    values['stall-seconds'] === undefined
      ? DEFAULT_STALL_SECONDS
      : wholeNumber(values['stall-seconds'], '--stall-seconds', 1);
  const redisWaitSeconds =
    values['redis-wait'] === undefined
      ? DEFAULT_REDIS_WAIT_SECONDS
      : wholeNumber(values['redis-wait'], '--redis-wait', 1);
  const log = (line: string) => {
    if (!values.quiet) process.stderr.write(`${line}\n`);
  };

  const { startQueueWorker } = await import('../bulk/queue/queue-worker');
  const worker = await startQueueWorker({ redis, threads, stallSeconds, redisWaitSeconds, log });
  log(
    `worker ${worker.name}: taking chunks from ${redis.shown} on ${threads} thread${threads === 1 ? '' : 's'}`,
  );
  const signalled = new Promise<void>((resolve) => {
    const onSignal = () => {
      process.once('SIGINT', () => process.exit(130));
      process.once('SIGTERM', () => process.exit(143));
      log(`worker ${worker.name}: finishing the chunks in hand (signal again to stop at once)`);
      resolve();
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  });
  try {
    await Promise.race([signalled, worker.lost]);
  } catch (error) {
    await worker.close(true);
    throw error;
  }
  await worker.close();
  log(
    `worker ${worker.name}: stopped after ${count(worker.totals.chunks)} chunks, ${count(worker.totals.lines)} lines`,
  );
  return EXIT.ok;
}
