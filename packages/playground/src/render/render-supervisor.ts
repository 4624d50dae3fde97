/**
 * Runs renders on a worker, one at a time, the latest draft first: drafts that arrive while a render runs
 * replace each other, and only the last is rendered next. A render that runs past `stopAfterMs` (the engine's
 * own limits should have stopped it long before) ends the worker; a new one takes its place.
 */
import type { Draft } from '../draft/draft';
import type { RenderReport, RenderRequest, WorkerMessage } from './render-protocol';

/** What the supervisor needs of a worker: a `Worker` in the page, a stand-in in tests. */
export interface RenderWorker {
  postMessage(message: RenderRequest): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<WorkerMessage>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

/** Options of `RenderSupervisor`. */
export interface RenderSupervisorOptions {
  /** Starts a worker (again after one was ended). */
  readonly start: () => RenderWorker;
  /** Receives each report with the draft it is for (none when the worker could not start). */
  readonly onReport: (report: RenderReport, draft: Draft | undefined) => void;
  /** How long one render may run before its worker is ended, in ms. */
  readonly stopAfterMs: number;
}

/** A report with nothing rendered, for a render that could not run. */
function notRendered(reason: string): RenderReport {
  return { outcome: { kind: 'not_rendered', reason }, problems: [], reads: [] };
}

/** Renders drafts on a worker it restarts when a render runs too long. */
export class RenderSupervisor {
  private worker: RenderWorker;
  private ready = false;
  private running: { readonly id: number; readonly draft: Draft } | undefined;
  private waiting: Draft | undefined;
  private watchdog: ReturnType<typeof setTimeout> | undefined;
  private lastId = 0;

  constructor(private readonly options: RenderSupervisorOptions) {
    this.worker = this.startWorker();
  }

  /** Renders `draft` as soon as the worker is free, in place of any draft still waiting. */
  render(draft: Draft): void {
    this.waiting = draft;
    this.next();
  }

  private startWorker(): RenderWorker {
    const worker = this.options.start();
    worker.onmessage = ({ data }) => {
      if (worker !== this.worker) return;
      if (data.type === 'ready') {
        this.ready = true;
        this.next();
      } else if (data.id === this.running?.id) {
        const { draft } = this.running;
        this.finish();
        this.options.onReport(data.report, draft);
        this.next();
      }
    };
    worker.onerror = (event) => {
      if (worker !== this.worker) return;
      const why = event.message || 'the render worker failed';
      if (!this.ready) {
        // It never loaded (a blocked or missing script): starting it again would fail the same way.
        this.options.onReport(notRendered(`The renderer could not start: ${why}`), undefined);
        return;
      }
      this.restart(`The renderer failed (${why}) and was started again.`);
    };
    return worker;
  }

  private next(): void {
    if (!this.ready || this.running !== undefined || this.waiting === undefined) return;
    const draft = this.waiting;
    this.waiting = undefined;
    this.lastId += 1;
    this.running = { id: this.lastId, draft };
    this.worker.postMessage({ type: 'render', id: this.lastId, draft });
    this.watchdog = setTimeout(() => {
      const seconds = this.options.stopAfterMs / 1000;
      this.restart(
        `Stopped: the render ran longer than ${seconds} s, so the page ended it. Change the template to try again.`,
      );
    }, this.options.stopAfterMs);
  }

  private finish(): void {
    clearTimeout(this.watchdog);
    this.watchdog = undefined;
    this.running = undefined;
  }

  /** Ends the worker, reports why for the render it was running, and starts a new one. */
  private restart(reason: string): void {
    const draft = this.running?.draft;
    this.finish();
    this.worker.terminate();
    this.ready = false;
    this.worker = this.startWorker();
    if (draft !== undefined) this.options.onReport(notRendered(reason), draft);
  }
}
