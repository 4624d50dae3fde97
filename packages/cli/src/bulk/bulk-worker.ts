/**
 * A worker thread of `bulk`: renders batches of input lines and posts back their output lines, in order within
 * the batch. The template is compiled once, when the worker starts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { BatchRequest, BatchResult, BulkSetup } from './bulk-protocol';
import { createLineRenderer } from './render-line';

const port = parentPort;
if (port === null) throw new Error('bulk-worker runs as a worker thread of `personalize bulk`');

const render = createLineRenderer(workerData as BulkSetup);
const decoder = new TextDecoder();
const encoder = new TextEncoder();

async function renderBatch(request: BatchRequest): Promise<BatchResult> {
  const lines = decoder.decode(request.bytes).split('\n');
  const out: string[] = [];
  const counts = { sent: 0, notSent: 0, errors: 0 };
  for (let index = 0; index < request.lines; index++) {
    let text = lines[index] ?? '';
    if (text.endsWith('\r')) text = text.slice(0, -1);
    const result = await render(text, request.firstLine + index);
    if (result.status === 'sent') counts.sent++;
    else if (result.status === 'not_sent') counts.notSent++;
    else counts.errors++;
    out.push(result.json);
  }
  out.push('');
  return {
    seq: request.seq,
    inputBytes: request.bytes.byteLength,
    bytes: encoder.encode(out.join('\n')),
    ...counts,
  };
}

// Batches arrive while one renders; they are taken one at a time so that results leave in arrival order.
let queue: Promise<void> = Promise.resolve();
port.on('message', (request: BatchRequest) => {
  queue = queue.then(async () => {
    const result = await renderBatch(request);
    port.postMessage(result, [result.bytes.buffer as ArrayBuffer]);
  });
});
