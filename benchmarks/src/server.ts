/**
 * The preview endpoint under load, on loopback: requests per second for a typical inline preview, against a
 * bare `node:http` server that answers the same JSON without rendering, in one run. Each server runs in its
 * own process; autocannon drives it from this one with 10 connections.
 *
 * 1. Rounds: the bare server and Personalize take turns (5 s each, 5 rounds); the ratio reported is the
 *    median of the rounds' ratios, so that load from other work on the machine weighs on both alike.
 * 2. Soak: Personalize alone for 60 s: its throughput, p99 latency, errors (any answer but a 200), and its
 *    heap after a GC every 5 s, to show that memory stays flat.
 *
 * Run with `pnpm --filter @personalize/benchmarks bench:server` after `pnpm exec turbo run build
 * --filter=@personalize/server...`. Options: `--rounds <n>`, `--round-seconds <s>`, `--duration <s>` (the
 * soak), `--connections <n>`, `--quick` (2 rounds of 2 s, a 5 s soak). Writes results/server.json.
 * Goals (reported, not asserted): at least 0.5x the bare server, zero errors, heap flat.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, platform } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { benchHeaders, benchRequestBody, PREVIEW_PATH } from './server-request';
import type { TargetMessage } from './server-target';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    'round-seconds': { type: 'string', default: '5' },
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '10' },
    quick: { type: 'boolean', default: false },
  },
});
const rounds = values.quick ? 2 : Number(values.rounds);
const roundSeconds = values.quick ? 2 : Number(values['round-seconds']);
const soakSeconds = values.quick ? 5 : Number(values.duration);
const connections = Number(values.connections);
const WARM_UP_SECONDS = values.quick ? 1 : 3;
const SAMPLE_EVERY_MS = 5_000;
const MiB = 1024 * 1024;

/** A target process, once it listens. */
interface Target {
  url: string;
  child: ChildProcess;
  memory(): Promise<{ heapUsed: number; rss: number }>;
  stop(): Promise<void>;
}

function startTarget(mode: 'personalize' | 'bare', env: Record<string, string> = {}): Promise<Target> {
  const child = fork(new URL('./server-target.ts', import.meta.url), [mode], {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: { ...process.env, ...env },
    // The request log lines are written (their cost is part of the run) but not kept.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the ${mode} server exited with ${code}`)));
    child.once('message', (message: TargetMessage) => {
      if (message.type !== 'ready') return reject(new Error(`unexpected message ${message.type}`));
      resolve({
        url: message.url,
        child,
        memory: () =>
          new Promise((answer) => {
            child.once('message', (reply: TargetMessage) => {
              if (reply.type === 'memory') answer({ heapUsed: reply.heapUsed, rss: reply.rss });
            });
            child.send({ type: 'measure-memory' } satisfies TargetMessage);
          }),
        stop: () =>
          new Promise((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

/** One autocannon run of the preview request. */
function load(url: string, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: `${url}${PREVIEW_PATH}`,
    method: 'POST',
    headers: benchHeaders,
    body: benchRequestBody,
    connections,
    duration: seconds,
  });
}

async function answerOf(url: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${url}${PREVIEW_PATH}`, {
    method: 'POST',
    headers: benchHeaders,
    body: benchRequestBody,
  });
  return { status: response.status, text: await response.text() };
}

interface Measured {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
}

function measured(result: autocannon.Result): Measured {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    // Every answer must be a 200: anything else counts as an error here.
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

// The Personalize server's answer is the bare server's answer.
const personalize = await startTarget('personalize');
const expected = await answerOf(personalize.url);
if (expected.status !== 200) throw new Error(`the preview answered ${expected.status}: ${expected.text}`);
const bareTarget = await startTarget('bare', { BARE_ANSWER: expected.text });
const bareAnswer = await answerOf(bareTarget.url);
if (bareAnswer.text !== expected.text) throw new Error('the bare server does not answer the same JSON');
console.log(`request: ${benchRequestBody.length} bytes; answer: ${expected.text.length} bytes`);

// 1. Rounds, in turns.
await load(bareTarget.url, WARM_UP_SECONDS);
await load(personalize.url, WARM_UP_SECONDS);
const turns: { bare: Measured; personalize: Measured; ratio: number }[] = [];
for (let round = 1; round <= rounds; round++) {
  const bare = measured(await load(bareTarget.url, roundSeconds));
  const ours = measured(await load(personalize.url, roundSeconds));
  const ratio = Math.round((ours.requestsPerSecond / bare.requestsPerSecond) * 100) / 100;
  turns.push({ bare, personalize: ours, ratio });
  console.log(
    `round ${round}: bare ${bare.requestsPerSecond} req/s, Personalize ${ours.requestsPerSecond} req/s: ${ratio.toFixed(2)}x`,
  );
}
await bareTarget.stop();
const median = <T>(items: T[], key: (item: T) => number): T =>
  [...items].sort((a, b) => key(a) - key(b))[Math.floor(items.length / 2)];
const middle = median(turns, (turn) => turn.ratio);
const bareMedian = median(turns, (turn) => turn.bare.requestsPerSecond).bare;
const oursMedian = median(turns, (turn) => turn.personalize.requestsPerSecond).personalize;

// 2. The soak: Personalize alone, its heap sampled every 5 s.
const heap: { second: number; heapUsedMiB: number; rssMiB: number }[] = [];
// One sample at a time: each waits for the target's reply to the one before.
let samples = Promise.resolve();
const started = Date.now();
const sample = () => {
  samples = samples.then(async () => {
    const memory = await personalize.memory();
    heap.push({
      second: Math.round((Date.now() - started) / 1000),
      heapUsedMiB: Math.round((memory.heapUsed / MiB) * 10) / 10,
      rssMiB: Math.round((memory.rss / MiB) * 10) / 10,
    });
  });
  return samples;
};
await sample();
const sampler = setInterval(sample, SAMPLE_EVERY_MS);
const soak = measured(await load(personalize.url, soakSeconds));
clearInterval(sampler);
await sample();
await personalize.stop();

const growth = Math.round((heap[heap.length - 1].heapUsedMiB - heap[0].heapUsedMiB) * 10) / 10;
const flat = growth < 5;
console.log(
  `soak: ${soak.requestsPerSecond} req/s for ${soakSeconds} s, p99 ${soak.p99Ms} ms, ${soak.errors} errors in ${soak.requests} requests`,
);
console.log(`heap (MiB after GC) by second: ${heap.map((h) => `${h.second}s ${h.heapUsedMiB}`).join(', ')}`);
console.log('');
console.log('| Server | Requests/s | vs bare | p99 (ms) | Errors |');
console.log('|---|---:|---:|---:|---:|');
console.log(
  `| bare node:http (no rendering) | ${bareMedian.requestsPerSecond} | 1.00x | ${bareMedian.p99Ms} | ${bareMedian.errors} |`,
);
console.log(
  `| Personalize | ${oursMedian.requestsPerSecond} | ${middle.ratio.toFixed(2)}x | ${oursMedian.p99Ms} | ${oursMedian.errors} |`,
);
console.log('');
console.log(
  `goal: at least 0.5x the bare server: ${middle.ratio >= 0.5 ? 'met' : 'NOT met'} (median ${middle.ratio}x)`,
);
console.log(`goal: zero errors: ${soak.errors === 0 ? 'met' : 'NOT met'} (${soak.errors} in the soak)`);
console.log(
  `goal: heap flat over ${soakSeconds} s: ${flat ? 'met' : 'NOT met'} (${heap[0].heapUsedMiB} -> ${heap[heap.length - 1].heapUsedMiB} MiB after GC)`,
);

mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
writeFileSync(
  new URL('../results/server.json', import.meta.url),
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.version,
      platform: platform(),
      cpus: cpus().length,
      connections,
      rounds: turns,
      ratio: middle.ratio,
      soak: { seconds: soakSeconds, ...soak, heap, heapGrowthMiB: growth },
    },
    null,
    2,
  )}\n`,
);
