import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Draft, STARTER_DRAFT } from '../src/draft/draft';
import type { RenderReport, RenderRequest, WorkerMessage } from '../src/render/render-protocol';
import { RenderSupervisor, type RenderWorker } from '../src/render/render-supervisor';

/** A worker that records what it is sent and answers only when the test says so. */
class StandInWorker implements RenderWorker {
  readonly received: RenderRequest[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent<WorkerMessage>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;

  postMessage(message: RenderRequest): void {
    this.received.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  send(data: WorkerMessage): void {
    this.onmessage?.({ data } as MessageEvent<WorkerMessage>);
  }
  fail(message: string): void {
    this.onerror?.({ message } as ErrorEvent);
  }
  /** Answers the last request with a report whose outcome names its draft's subject. */
  answerLast(): void {
    const { id, draft } = this.received[this.received.length - 1];
    this.send({ type: 'report', id, report: reportFor(draft.subject) });
  }
}

function reportFor(subject: string): RenderReport {
  return {
    outcome: {
      kind: 'rendered',
      fields: [{ label: 'subject', status: 'sent', text: subject }],
      payload: undefined,
      warnings: [],
    },
    problems: [],
    reads: [],
  };
}

const draft = (subject: string): Draft => ({ ...STARTER_DRAFT, subject });

describe('the render supervisor', () => {
  let workers: StandInWorker[];
  let reports: { report: RenderReport; draft: Draft | undefined }[];
  let supervisor: RenderSupervisor;

  beforeEach(() => {
    vi.useFakeTimers();
    workers = [];
    reports = [];
    supervisor = new RenderSupervisor({
      start: () => {
        const worker = new StandInWorker();
        workers.push(worker);
        return worker;
      },
      onReport: (report, forDraft) => reports.push({ report, draft: forDraft }),
      stopAfterMs: 5_000,
    });
  });
  afterEach(() => vi.useRealTimers());

  it('waits for the worker to load, then renders the latest draft only', () => {
    supervisor.render(draft('a'));
    supervisor.render(draft('b'));
    expect(workers[0].received).toEqual([]);
    workers[0].send({ type: 'ready' });
    expect(workers[0].received.map((r) => r.draft.subject)).toEqual(['b']);
  });

  it('sends drafts that arrive during a render after it, the last one only', () => {
    workers[0].send({ type: 'ready' });
    supervisor.render(draft('a'));
    supervisor.render(draft('b'));
    supervisor.render(draft('c'));
    workers[0].answerLast();
    expect(workers[0].received.map((r) => r.draft.subject)).toEqual(['a', 'c']);
    workers[0].answerLast();
    expect(reports.map((r) => r.draft?.subject)).toEqual(['a', 'c']);
  });

  it('ends a render that runs too long, says so, and renders the next draft on a new worker', () => {
    workers[0].send({ type: 'ready' });
    supervisor.render(draft('forever'));
    vi.advanceTimersByTime(4_999);
    expect(workers[0].terminated).toBe(false);
    supervisor.render(draft('next'));
    vi.advanceTimersByTime(1);
    expect(workers[0].terminated).toBe(true);
    expect(reports).toEqual([
      {
        report: {
          outcome: {
            kind: 'not_rendered',
            reason:
              'Stopped: the render ran longer than 5 s, so the page ended it. Change the template to try again.',
          },
          problems: [],
          reads: [],
        },
        draft: draft('forever'),
      },
    ]);
    expect(workers).toHaveLength(2);
    workers[1].send({ type: 'ready' });
    workers[1].answerLast();
    expect(reports[1].draft?.subject).toBe('next');
  });

  it('ignores what an ended worker still sends', () => {
    workers[0].send({ type: 'ready' });
    supervisor.render(draft('slow'));
    vi.advanceTimersByTime(5_000);
    workers[0].answerLast();
    expect(reports).toHaveLength(1);
    expect(reports[0].report.outcome.kind).toBe('not_rendered');
  });

  it('a finished render stops its watchdog', () => {
    workers[0].send({ type: 'ready' });
    supervisor.render(draft('quick'));
    workers[0].answerLast();
    vi.advanceTimersByTime(60_000);
    expect(workers[0].terminated).toBe(false);
    expect(reports).toHaveLength(1);
  });

  it('reports a worker that cannot load, without starting it again and again', () => {
    supervisor.render(draft('a'));
    workers[0].fail('blocked by the Content-Security-Policy');
    expect(reports).toEqual([
      {
        report: {
          outcome: {
            kind: 'not_rendered',
            reason: 'The renderer could not start: blocked by the Content-Security-Policy',
          },
          problems: [],
          reads: [],
        },
        draft: undefined,
      },
    ]);
    expect(workers).toHaveLength(1);
  });

  it('starts a new worker when a loaded one fails during a render', () => {
    workers[0].send({ type: 'ready' });
    supervisor.render(draft('a'));
    workers[0].fail('out of memory');
    expect(workers[0].terminated).toBe(true);
    expect(reports[0].report.outcome).toEqual({
      kind: 'not_rendered',
      reason: 'The renderer failed (out of memory) and was started again.',
    });
    expect(workers).toHaveLength(2);
  });
});
