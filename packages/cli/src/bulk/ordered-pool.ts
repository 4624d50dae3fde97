/**
 * Worker threads that render batches concurrently while their results are written strictly in input order.
 * Memory stays bounded whatever the input size: at most `maxInFlight` batches are sent and not yet written
 * (the reorder buffer included), and a producer that would go past that waits, so the input is read no faster
 * than the output is written.
 */
import { Worker } from 'node:worker_threads';
import type { BatchRequest, BatchResult } from './bulk-protocol';

/** Options of `OrderedPool`. */
export interface OrderedPoolOptions {
  /** The worker script. */
  readonly script: URL;
  /** How many workers. */
  readonly workers: number;
  /** What each worker is started with. */
  readonly workerData: unknown;
  /** Batches sent and not yet written, at most. */
  readonly maxInFlight: number;
  /** Writes one result; called in `seq` order, one at a time. A rejection stops the pool. */
  readonly write: (result: BatchResult) => Promise<void> | void;
}

interface PoolWorker {
  readonly worker: Worker;
  outstanding: number;
}

/** A pool of workers whose results come out in the order their batches went in. */
export class OrderedPool {
  private readonly workers: PoolWorker[];
  private readonly results = new Map<number, BatchResult>();
  private nextToWrite = 0;
  private nextSeq = 0;
  private inFlight = 0;
  private writing = false;
  private failure: Error | undefined;
  private closing = false;
  private wake: (() => void) | undefined;

  constructor(private readonly options: OrderedPoolOptions) {
    this.workers = Array.from({ length: options.workers }, () => {
      const entry: PoolWorker = {
        worker: new Worker(options.script, { workerData: options.workerData }),
        outstanding: 0,
      };
      entry.worker.on('message', (result: BatchResult) => {
        entry.outstanding--;
        this.results.set(result.seq, result);
        void this.writeReady();
      });
      entry.worker.on('error', (error) => this.fail(new Error(`a worker thread failed: ${error.message}`)));
      entry.worker.on('exit', (code) => {
        if (!this.closing) this.fail(new Error(`a worker thread stopped unexpectedly (exit code ${code})`));
      });
      return entry;
    });
  }

  /** Sends a batch to the least busy worker, once fewer than `maxInFlight` batches are in flight. */
  async submit(batch: Omit<BatchRequest, 'seq'>): Promise<void> {
    while (this.inFlight >= this.options.maxInFlight && this.failure === undefined) await this.sleep();
    if (this.failure !== undefined) throw this.failure;
    let target = this.workers[0];
    for (const entry of this.workers) if (entry.outstanding < target.outstanding) target = entry;
    const request: BatchRequest = { ...batch, seq: this.nextSeq++ };
    target.outstanding++;
    this.inFlight++;
    target.worker.postMessage(request, [request.bytes.buffer as ArrayBuffer]);
  }

  /** Waits until every batch sent has been written. */
  async drain(): Promise<void> {
    while (this.inFlight > 0 && this.failure === undefined) await this.sleep();
    if (this.failure !== undefined) throw this.failure;
  }

  /** Stops the workers. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map(({ worker }) => worker.terminate()));
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      this.wake = resolve;
    });
  }

  private signal(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.signal();
  }

  /** Writes every result that is next in order; one writer at a time, so writes never interleave. */
  private async writeReady(): Promise<void> {
    if (this.writing) return;
    this.writing = true;
    try {
      for (;;) {
        const result = this.results.get(this.nextToWrite);
        if (result === undefined || this.failure !== undefined) break;
        this.results.delete(this.nextToWrite);
        this.nextToWrite++;
        await this.options.write(result);
        this.inFlight--;
        this.signal();
      }
    } catch (error) {
      this.fail(error instanceof Error ? error : new Error(String(error)));
    } finally {
      this.writing = false;
    }
  }
}
