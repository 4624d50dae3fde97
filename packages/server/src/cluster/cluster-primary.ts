/**
 * `pnpm serve --workers <n>`: the primary process of a `node:cluster`. It forks the server processes, which
 * share the port (each accepts connections itself), says where they listen once all are up, replaces a
 * worker that dies, and on SIGTERM or SIGINT sends each worker SIGTERM, which lets it finish its requests in
 * flight. A signal, unlike a message, reaches a worker that has not set up its handlers yet.
 */
import cluster, { type Worker } from 'node:cluster';

/** What a worker tells the primary. */
export type WorkerMessage = { readonly type: 'listening'; readonly url: string };

function isListeningMessage(message: unknown): message is WorkerMessage {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { type?: unknown }).type === 'listening' &&
    typeof (message as { url?: unknown }).url === 'string'
  );
}

/** Options of `runClusterPrimary`. */
export interface ClusterPrimaryOptions {
  /** How many server processes. */
  readonly workers: number;
  /** The lines printed once every worker listens, given where. */
  readonly banner: (url: string) => string;
}

/**
 * Forks the workers (this same script, with the same arguments) and supervises them until a signal stops
 * them all; then exits 0, or 1 when a worker did not stop cleanly or failed to start.
 *
 * @example
 * if (cluster.isPrimary && workers > 1) runClusterPrimary({ workers, banner: (url) => `listening on ${url}\n` });
 */
export function runClusterPrimary(options: ClusterPrimaryOptions): void {
  const say = (text: string) => process.stderr.write(text);
  const alive = new Set<Worker>();
  const listening = new Set<Worker>();
  let started = false;
  let stopping = false;
  let cleanStop = true;

  const fork = () => {
    const worker = cluster.fork();
    alive.add(worker);
    worker.on('message', (message: unknown) => {
      if (!isListeningMessage(message)) return;
      listening.add(worker);
      if (!started && listening.size === options.workers) {
        started = true;
        say(options.banner(message.url));
      }
    });
    worker.on('exit', (code, signal) => {
      alive.delete(worker);
      const wasListening = listening.delete(worker);
      if (stopping) {
        // A worker still starting has no handler yet: SIGTERM's default action ends it, which is clean too.
        if (code !== 0 && signal !== 'SIGTERM') cleanStop = false;
        if (alive.size === 0) {
          say(cleanStop ? 'stopped\n' : 'stopped, after a server process failed\n');
          process.exit(cleanStop ? 0 : 1);
        }
        return;
      }
      const how = signal === null ? `with code ${code}` : `on ${signal}`;
      if (!started || !wasListening) {
        // A worker that cannot start (bad Redis URL, port taken) would fail again: stop instead of looping.
        say(`a server process exited ${how} before it was listening: stopping\n`);
        cleanStop = false;
        stopAll();
        return;
      }
      say(`server process ${worker.process.pid} exited ${how}: starting another\n`);
      fork();
    });
  };

  const stopAll = () => {
    stopping = true;
    if (alive.size === 0) process.exit(cleanStop ? 0 : 1);
    for (const worker of alive) worker.process.kill('SIGTERM');
  };

  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      say(`${signal} again: stopping now\n`);
      for (const worker of alive) worker.process.kill('SIGKILL');
      process.exit(1);
    }
    say(`${signal}: the ${options.workers} server processes finish the requests in flight, then stop\n`);
    stopAll();
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  // Each worker accepts from the shared socket itself. With the default round robin the primary accepts and
  // hands each connection to a worker: one handed to a worker that dies on the way is never answered nor
  // closed. Here a connection waits in the kernel until a live worker takes it, and one a dying worker took is
  // reset, which the client sees at once.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  for (let index = 0; index < options.workers; index++) fork();
}
