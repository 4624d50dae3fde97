/**
 * A render thread of `bulk` and of `personalize worker`: renders batches of input lines with the setup of the run
 * they belong to, and answers with their output lines in order. Each run's template is compiled once, when its
 * setup arrives. A queued chunk arrives compressed and its output leaves compressed, so that the main thread
 * only passes strings along.
 */
import { parentPort } from 'node:worker_threads';
import { decodeValue, encodeValue } from '@personalize/compression';
import { messageOf } from '../command-line/command-error';
import type { BatchLines, BatchOutput, ThreadAnswer, ThreadRequest } from './bulk-protocol';
import { createLineRenderer, type LineRenderer, longLineOutput } from './render-line';

const port = parentPort;
if (port === null) throw new Error('render-thread runs as a worker thread of `personalize bulk` or `worker`');

interface RunRenderer {
  readonly render: LineRenderer;
  readonly maxLineBytes: number;
}

/** Each run's renderer, or why its setup cannot be used. */
const runs = new Map<string, RunRenderer | Error>();
const decoder = new TextDecoder();
const encoder = new TextEncoder();

async function renderBatch(run: RunRenderer, batch: BatchLines): Promise<BatchOutput> {
  const started = performance.now();
  const compressed = typeof batch.input === 'string';
  const text =
    typeof batch.input === 'string'
      ? decodeValue(batch.input, { maxBytes: batch.inputSize })
      : decoder.decode(batch.input);
  const lines = text.split('\n');
  const out: string[] = [];
  const counts = { sent: 0, notSent: 0, errors: 0 };
  let nextLong = 0;
  for (let index = 0; index < batch.lines; index++) {
    const line = batch.firstLine + index;
    const long = batch.longLines[nextLong];
    if (long !== undefined && long.line === line) {
      nextLong++;
      counts.errors++;
      out.push(longLineOutput(long, run.maxLineBytes).json);
      continue;
    }
    let input = lines[index] ?? '';
    if (input.endsWith('\r')) input = input.slice(0, -1);
    const result = await run.render(input, line);
    if (result.status === 'sent') counts.sent++;
    else if (result.status === 'not_sent') counts.notSent++;
    else counts.errors++;
    out.push(result.json);
  }
  out.push('');
  const joined = out.join('\n');
  return {
    output: compressed ? encodeValue(joined) : encoder.encode(joined),
    renderMilliseconds: performance.now() - started,
    ...counts,
  };
}

async function answer(request: Extract<ThreadRequest, { kind: 'render' }>): Promise<void> {
  const run = runs.get(request.run);
  let reply: ThreadAnswer;
  try {
    if (run === undefined) throw new Error(`no setup for run ${request.run}`);
    if (run instanceof Error) throw run;
    reply = { kind: 'rendered', id: request.id, ...(await renderBatch(run, request)) };
  } catch (error) {
    reply = { kind: 'failed', id: request.id, message: messageOf(error) };
  }
  const transfer =
    reply.kind === 'rendered' && typeof reply.output !== 'string' ? [reply.output.buffer as ArrayBuffer] : [];
  port?.postMessage(reply, transfer);
}

function keepSetup(request: Extract<ThreadRequest, { kind: 'setup' }>): void {
  try {
    runs.set(request.run, {
      render: createLineRenderer(request.setup),
      maxLineBytes: request.setup.maxLineBytes,
    });
  } catch (error) {
    runs.set(request.run, new Error(`the run's setup cannot be used: ${messageOf(error)}`));
  }
}

// Messages arrive while a batch renders; they are taken one at a time, in arrival order, so that a run's setup
// is always in place (or gone) exactly when the main thread expects.
let queue: Promise<void> = Promise.resolve();
port.on('message', (request: ThreadRequest) => {
  queue = queue.then(() => {
    if (request.kind === 'setup') keepSetup(request);
    else if (request.kind === 'forget') runs.delete(request.run);
    else return answer(request);
  });
});
