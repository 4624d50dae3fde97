/**
 * The data-compression codec, both builds: encode (gzip + Base64) and decode (strict Base64, capped inflate,
 * checksums, UTF-8) throughput for 100 B, 10 KB and 1 MB values, in MB/s of text (10^6 bytes of UTF-8 per
 * second); and what decoding a preview request's payload and encoding its answer add to rendering it with
 * `@personalize/core`. "Node" is `@personalize/compression` as Node resolves it (node:zlib and Buffer);
 * "portable" is `@personalize/compression/portable` (fflate), what browsers and edge runtimes get.
 *
 * Run with `node --import tsx src/compression.ts` (`pnpm --filter @personalize/benchmarks bench:compression`,
 * after building `@personalize/core` and `@personalize/compression`). `--quick` shortens every phase.
 * Writes results/compression.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import * as node from '@personalize/compression';
import * as portable from '@personalize/compression/portable';
import { compile } from '@personalize/core';
import { Bench } from 'tinybench';
import { contentOfBytes, typicalPayload, typicalVariables } from './compression-data';
import { machine, packageVersions } from './run-info';

const quick = process.argv.includes('--quick');
const timeMs = quick ? 200 : 1500;

type Codec = typeof node;
const builds: Array<[string, Codec]> = [
  ['node', node],
  ['portable', portable],
];
const SIZES: Array<[string, number]> = [
  ['100 B', 100],
  ['10 KB', 10_000],
  ['1 MB', 1_000_000],
];

// Kept so that no call can be optimised away.
let sink = 0;

/** Mean milliseconds per call of each task, timed in one tinybench run. */
async function meanMs(tasks: Array<[string, () => unknown]>): Promise<Map<string, number>> {
  const bench = new Bench({ time: timeMs, warmupTime: Math.max(100, timeMs / 5), throws: true });
  for (const [name, run] of tasks) {
    bench.add(name, () => {
      sink += (run() as { length?: number }).length ?? 1;
    });
  }
  await bench.run();
  const means = new Map<string, number>();
  for (const task of bench.tasks) {
    if (task.result.state !== 'completed') throw new Error(`${task.name} did not complete`);
    means.set(task.name, task.result.latency.mean);
  }
  return means;
}

interface ValueRow {
  size: string;
  build: string;
  gzipBytes: number;
  encodeMBps: number;
  decodeMBps: number;
}

async function measureValues(): Promise<ValueRow[]> {
  const rows: ValueRow[] = [];
  for (const [size, bytes] of SIZES) {
    const text = contentOfBytes(bytes);
    const tasks: Array<[string, () => unknown]> = [];
    for (const [build, codec] of builds) {
      const encoded = codec.encodeValue(text);
      if (node.decodeValue(encoded) !== text || portable.decodeValue(encoded) !== text) {
        throw new Error(`${build} does not round-trip the ${size} value`);
      }
      tasks.push([`${build} encode`, () => codec.encodeValue(text)]);
      tasks.push([`${build} decode`, () => codec.decodeValue(encoded)]);
    }
    console.log(`Timing ${size} values...`);
    const means = await meanMs(tasks);
    for (const [build, codec] of builds) {
      const mbps = (task: string) => bytes / 1e6 / ((means.get(`${build} ${task}`) ?? Number.NaN) / 1000);
      const gzipBytes = Buffer.from(codec.encodeValue(text), 'base64').length;
      rows.push({ size, build, gzipBytes, encodeMBps: mbps('encode'), decodeMBps: mbps('decode') });
    }
  }
  return rows;
}

interface OverheadRow {
  step: string;
  microseconds: number;
  /** The step's time as a share of the render alone, and of compile + render, in percent. */
  ofRender?: number;
  ofCompileAndRender?: number;
}

async function measureOverhead(): Promise<OverheadRow[]> {
  const templates = Object.entries(typicalPayload).map(([key, source]) => [key, compile(source)] as const);
  const render = () => Object.fromEntries(templates.map(([key, t]) => [key, t.render(typicalVariables)]));
  const compileAndRender = () =>
    Object.fromEntries(
      Object.entries(typicalPayload).map(([key, source]) => [
        key,
        compile(source, { cache: false }).render(typicalVariables),
      ]),
    );
  const rendered = render();
  const tasks: Array<[string, () => unknown]> = [
    ['render (compiled templates)', () => Object.keys(render())],
    ['compile + render', () => Object.keys(compileAndRender())],
  ];
  for (const [build, codec] of builds) {
    const compressed = codec.encodePayload(typicalPayload);
    if (JSON.stringify(codec.decodePayload(codec.encodePayload(rendered))) !== JSON.stringify(rendered)) {
      throw new Error(`${build} does not round-trip the rendered payload`);
    }
    tasks.push([
      `${build}: decode the request's payload`,
      () => Object.keys(codec.decodePayload(compressed)),
    ]);
    tasks.push([`${build}: encode the answer's payload`, () => Object.keys(codec.encodePayload(rendered))]);
  }
  console.log('Timing a typical preview payload...');
  const means = await meanMs(tasks);
  const renderMs = means.get('render (compiled templates)') ?? Number.NaN;
  const compileMs = means.get('compile + render') ?? Number.NaN;
  const row = (step: string, ms: number, codec: boolean): OverheadRow =>
    codec
      ? {
          step,
          microseconds: ms * 1000,
          ofRender: (100 * ms) / renderMs,
          ofCompileAndRender: (100 * ms) / compileMs,
        }
      : { step, microseconds: ms * 1000 };
  const rows = [...means].map(([step, ms]) => row(step, ms, step.includes(':')));
  for (const [build] of builds) {
    const both = [...means]
      .filter(([step]) => step.startsWith(`${build}:`))
      .reduce((sum, [, ms]) => sum + ms, 0);
    rows.push(row(`${build}: both`, both, true));
  }
  return rows;
}

function payloadSizes(): string {
  return Object.entries(typicalPayload)
    .map(([key, source]) => `${key} ${new TextEncoder().encode(source).length} B`)
    .join(', ');
}

function markdown(values: ValueRow[], overhead: OverheadRow[]): string {
  const lines = [
    '| value | gzip | Node encode | portable encode | Node decode | portable decode |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const [size] of SIZES) {
    const n = values.find((r) => r.size === size && r.build === 'node');
    const p = values.find((r) => r.size === size && r.build === 'portable');
    if (!n || !p) continue;
    lines.push(
      `| ${size} | ${n.gzipBytes} B | ${n.encodeMBps.toFixed(1)} MB/s | ${p.encodeMBps.toFixed(1)} MB/s | ` +
        `${n.decodeMBps.toFixed(1)} MB/s | ${p.decodeMBps.toFixed(1)} MB/s |`,
    );
  }
  lines.push('', '| preview payload step | µs | vs render | vs compile + render |', '|---|---:|---:|---:|');
  for (const row of overhead) {
    const pct = (v?: number) => (v === undefined ? '' : `${v.toFixed(0)}%`);
    lines.push(
      `| ${row.step} | ${row.microseconds.toFixed(1)} | ${pct(row.ofRender)} | ${pct(row.ofCompileAndRender)} |`,
    );
  }
  return lines.join('\n');
}

const values = await measureValues();
console.table(
  values.map((r) => ({
    value: r.size,
    build: r.build,
    'gzip bytes': r.gzipBytes,
    'encode MB/s': Number(r.encodeMBps.toFixed(1)),
    'decode MB/s': Number(r.decodeMBps.toFixed(1)),
  })),
);
const overhead = await measureOverhead();
console.log(`Typical payload: ${payloadSizes()}`);
console.table(
  overhead.map((r) => ({
    step: r.step,
    µs: Number(r.microseconds.toFixed(1)),
    'vs render %': r.ofRender === undefined ? '' : Number(r.ofRender.toFixed(1)),
    'vs compile + render %':
      r.ofCompileAndRender === undefined ? '' : Number(r.ofCompileAndRender.toFixed(1)),
  })),
);
console.log(`\nMarkdown for the README:\n\n${markdown(values, overhead)}\n`);
if (sink === 0) throw new Error('every call was empty');

if (!quick) {
  const report = {
    date: new Date().toISOString(),
    machine: machine(),
    versions: packageVersions(['@personalize/compression', '@personalize/core', 'tinybench']),
    payload: payloadSizes(),
    values,
    overhead,
  };
  const dir = new URL('../results/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  writeFileSync(new URL('compression.json', dir), `${JSON.stringify(report, null, 2)}\n`);
  console.log('Wrote benchmarks/results/compression.json');
}
