/**
 * Render threads for `bulk` and `personalize worker`: batches go to the least busy thread, each thread holds the
 * setups (compiled templates) of the few runs it served last, and a thread that dies is replaced while the
 * batches it held fail, so that the caller decides what a lost batch means (the end of a local run, a retry of
 * a queued chunk).
 */
import { Worker } from 'node:worker_threads';
import type { BatchLines, BatchOutput, BulkSetup, ThreadAnswer, ThreadRequest } from './bulk-protocol';

/** Setups a thread keeps; a worker serving more runs at once compiles the others' templates again. */
const RUNS_KEPT = 4;

interface Pending {
  readonly resolve: (output: BatchOutput) => void;
  readonly reject: (error: Error) => void;
}

interface RenderThread {
  readonly worker: Worker;
  readonly pending: Map<number, Pending>;
  /** The runs whose setup the thread holds, the most recently used last. */
  readonly runs: string[];
  /** Why it stopped, once it did. */
  failure?: string;
}

/** A pool of render threads. */
export class RenderThreads {
  private readonly script = new URL('./render-thread.js', import.meta.url);
  private readonly threads: RenderThread[];
  private nextId = 0;
  private closing = false;

  /** Starts `count` threads. */
  constructor(count: number) {
    this.threads = Array.from({ length: count }, () => this.start());
  }

  /** Renders a batch with a run's setup on the least busy thread. */
  render(run: string, setup: BulkSetup, batch: BatchLines): Promise<BatchOutput> {
    let thread = this.threads[0];
    for (const candidate of this.threads) {
      if (candidate.pending.size < thread.pending.size) thread = candidate;
    }
    this.holdSetup(thread, run, setup);
    const id = this.nextId++;
    const request: ThreadRequest = { kind: 'render', id, run, ...batch };
    return new Promise((resolve, reject) => {
      thread.pending.set(id, { resolve, reject });
      thread.worker.postMessage(
        request,
        typeof batch.input === 'string' ? [] : [batch.input.buffer as ArrayBuffer],
      );
    });
  }

  /** Stops every thread; batches still rendering fail. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.threads.map(({ worker }) => worker.terminate()));
  }

  private holdSetup(thread: RenderThread, run: string, setup: BulkSetup): void {
    const at = thread.runs.indexOf(run);
    if (at !== -1) {
      thread.runs.splice(at, 1);
      thread.runs.push(run);
      return;
    }
    if (thread.runs.length === RUNS_KEPT) {
      const oldest = thread.runs.shift() as string;
      thread.worker.postMessage({ kind: 'forget', run: oldest } satisfies ThreadRequest);
    }
    thread.runs.push(run);
    thread.worker.postMessage({ kind: 'setup', run, setup } satisfies ThreadRequest);
  }

  private start(): RenderThread {
    const thread: RenderThread = { worker: new Worker(this.script), pending: new Map(), runs: [] };
    thread.worker.on('message', (answer: ThreadAnswer) => {
      const pending = thread.pending.get(answer.id);
      if (pending === undefined) return;
      thread.pending.delete(answer.id);
      if (answer.kind === 'failed') pending.reject(new Error(answer.message));
      else pending.resolve(answer);
    });
    thread.worker.on('error', (error) => {
      thread.failure ??= error.message;
    });
    thread.worker.on('exit', (code) => {
      const reason = `a render thread stopped (${thread.failure ?? `exit code ${code}`})`;
      for (const pending of thread.pending.values()) pending.reject(new Error(reason));
      thread.pending.clear();
      if (this.closing) return;
      this.threads[this.threads.indexOf(thread)] = this.start();
    });
    return thread;
  }
}
