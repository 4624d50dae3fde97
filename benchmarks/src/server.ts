/**
 * The preview endpoint under load, on loopback: requests per second for a typical inline preview, against a
 * bare `node:http` server that answers the same JSON without rendering, in one run. Each server runs in its
 * own process; autocannon drives it from this one with 10 connections.
 *
 * 1. Rounds: the servers take turns (5 s each, 5 rounds): the bare server, Personalize, and two steps between
 *    them that show where the difference goes (`server-target.ts`): the same answer from a Hono app on
 *    `@hono/node-server`, then from that app behind the preview's request log, credentials and rate limit.
 *    Each ratio reported is the median of the rounds' ratios, so that load from other work on the machine
 *    weighs on all alike; so is each server's CPU time per request (user + system, as the server process
 *    counts it), which moves less with that load than the rates do.
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
import type { TargetMessage, TargetMode } from './server-target';
import { median } from './stats';

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
  /** CPU time the process has used so far, in µs. */
  cpu(): Promise<number>;
  stop(): Promise<void>;
}

function startTarget(mode: TargetMode, env: Record<string, string> = {}): Promise<Target> {
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
          ask(child, 'measure-memory', (reply) =>
            reply.type === 'memory' ? { heapUsed: reply.heapUsed, rss: reply.rss } : undefined,
          ),
        cpu: () =>
          ask(child, 'measure-cpu', (reply) => (reply.type === 'cpu' ? reply.microseconds : undefined)),
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

/** Sends a target a question and waits for the reply `read` accepts. */
function ask<T>(
  child: ChildProcess,
  type: 'measure-memory' | 'measure-cpu',
  read: (reply: TargetMessage) => T | undefined,
): Promise<T> {
  return new Promise((answer) => {
    const listen = (reply: TargetMessage) => {
      const value = read(reply);
      if (value === undefined) return;
      child.off('message', listen);
      answer(value);
    };
    child.on('message', listen);
    child.send({ type } satisfies TargetMessage);
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
const steps: { mode: TargetMode; label: string; target: Target }[] = [];
for (const [mode, label] of [
  ['bare', 'bare `node:http` (no rendering)'],
  ['hono', 'the same on Hono + `@hono/node-server`'],
  ['middleware', '+ request log, credentials, rate limit'],
] as const) {
  const target = await startTarget(mode, { BARE_ANSWER: expected.text });
  const answer = await answerOf(target.url);
  if (answer.text !== expected.text) throw new Error(`the ${mode} server does not answer the same JSON`);
  steps.push({ mode, label, target });
}
steps.push({
  mode: 'personalize',
  label: 'Personalize (+ body checks, rendering, serializing)',
  target: personalize,
});
console.log(`request: ${benchRequestBody.length} bytes; answer: ${expected.text.length} bytes`);

/** One timed run of a target, with the CPU time its process used per request. */
async function timed(target: Target, seconds: number): Promise<Measured & { cpuMicrosPerRequest: number }> {
  const before = await target.cpu();
  const result = measured(await load(target.url, seconds));
  const used = (await target.cpu()) - before;
  return { ...result, cpuMicrosPerRequest: Math.round((used / Math.max(1, result.requests)) * 10) / 10 };
}

// 1. Rounds, in turns.
for (const step of steps) await load(step.target.url, WARM_UP_SECONDS);
type Timed = Awaited<ReturnType<typeof timed>>;
const turns: { byMode: Record<string, Timed>; ratio: number }[] = [];
for (let round = 1; round <= rounds; round++) {
  const byMode: Record<string, Timed> = {};
  for (const step of steps) byMode[step.mode] = await timed(step.target, roundSeconds);
  const ratio =
    Math.round((byMode.personalize.requestsPerSecond / byMode.bare.requestsPerSecond) * 100) / 100;
  turns.push({ byMode, ratio });
  console.log(
    `round ${round}: ${steps.map((step) => `${step.mode} ${byMode[step.mode].requestsPerSecond} req/s (${byMode[step.mode].cpuMicrosPerRequest} µs CPU)`).join(', ')}: ${ratio.toFixed(2)}x`,
  );
}
for (const step of steps) if (step.mode !== 'personalize') await step.target.stop();
const ratio = median(turns.map((turn) => turn.ratio));
const rows = steps.map((step) => {
  const of = (key: (t: Timed) => number) => median(turns.map((turn) => key(turn.byMode[step.mode])));
  return {
    mode: step.mode,
    label: step.label,
    requestsPerSecond: of((t) => t.requestsPerSecond),
    // The median of the rounds' ratios: each round's servers ran under the same load from elsewhere.
    ratio: median(
      turns.map((turn) => turn.byMode[step.mode].requestsPerSecond / turn.byMode.bare.requestsPerSecond),
    ),
    cpuMicrosPerRequest: of((t) => t.cpuMicrosPerRequest),
    p99Ms: of((t) => t.p99Ms),
    errors: turns.reduce((sum, turn) => sum + turn.byMode[step.mode].errors, 0),
  };
});

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
console.log('| Server | Requests/s | vs bare | CPU µs/request | p99 (ms) | Errors |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const row of rows) {
  console.log(
    `| ${row.label} | ${row.requestsPerSecond} | ${row.ratio.toFixed(2)}x | ${row.cpuMicrosPerRequest} | ${row.p99Ms} | ${row.errors} |`,
  );
}
console.log('');
console.log(`goal: at least 0.5x the bare server: ${ratio >= 0.5 ? 'met' : 'NOT met'} (median ${ratio}x)`);
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
      servers: rows,
      ratio: ratio,
      soak: { seconds: soakSeconds, ...soak, heap, heapGrowthMiB: growth },
    },
    null,
    2,
  )}\n`,
);
