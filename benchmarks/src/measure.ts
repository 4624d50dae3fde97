/** The three measurements: render throughput, compile time and retained heap per compiled template. */
import { Bench } from 'tinybench';
import { emailData } from './data';
import { variantOf } from './email-template';
import type { Engine } from './engines';
import { renderEmailByHand } from './hand-written';
import { cpuNow, median } from './stats';

/** Renders per task call: one render of the fast contenders is close to the timer's own cost. */
const RENDERS_PER_CALL = 10;

/** Render throughput of one contender. */
export interface ThroughputResult {
  /** The contender's name. */
  name: string;
  /** Renders per second: the median of the rounds. */
  rendersPerSecond: number;
  /** Half the spread of the rounds around the median, in percent of it. */
  marginPercent: number;
  /** Timed task calls over all rounds (each renders `RENDERS_PER_CALL` times). */
  samples: number;
  /** Renders per second in each round. */
  rounds: number[];
}

/** Name of the baseline row in every table. */
export const HAND_WRITTEN = 'hand-written JS';

// The result is kept so that no engine's render can be optimised away.
let sink = 0;

/**
 * Times every engine and the hand-written function: `rounds` tinybench runs of `timeMs / rounds` per contender,
 * each round in a rotated order. On a shared machine the load drifts over seconds; interleaving lets every
 * contender see the same drift, where one long run each would hand it all to whichever ran during it.
 */
export async function measureThroughput(
  engines: Engine[],
  timeMs: number,
  rounds = 5,
): Promise<ThroughputResult[]> {
  const contenders: Array<[string, () => string]> = [[HAND_WRITTEN, () => renderEmailByHand(emailData)]];
  for (const engine of engines) {
    const render = engine.compile(engine.source);
    contenders.push([engine.name, () => render(emailData)]);
  }
  const perRound = contenders.map(() => [] as number[]);
  const samples = contenders.map(() => 0);
  for (let round = 0; round < rounds; round++) {
    const slice = timeMs / rounds;
    const bench = new Bench({
      time: slice,
      warmupTime: Math.max(100, slice / 4),
      throws: true,
      now: cpuNow,
    });
    const order = contenders.map((_, i) => (i + round) % contenders.length);
    for (const i of order) {
      const render = contenders[i][1];
      bench.add(contenders[i][0], () => {
        for (let k = 0; k < RENDERS_PER_CALL; k++) sink += render().length;
      });
    }
    await bench.run();
    bench.tasks.forEach((task, position) => {
      const result = task.result;
      if (result.state !== 'completed') throw new Error(`${task.name} did not complete: ${result.state}`);
      const i = order[position];
      perRound[i].push((RENDERS_PER_CALL * 1000) / result.period);
      samples[i] += result.latency.samplesCount;
    });
  }
  if (sink === 0) throw new Error('every render was empty');
  return contenders.map(([name], i) => {
    const middle = median(perRound[i]);
    const spread = Math.max(...perRound[i]) - Math.min(...perRound[i]);
    return {
      name,
      rendersPerSecond: middle,
      marginPercent: (spread / 2 / middle) * 100,
      samples: samples[i],
      rounds: perRound[i],
    };
  });
}

// Variant numbers per phase, so no phase compiles a source another phase has already seen.
const WARMUP_VARIANTS = 0;
const TIMED_VARIANTS = 100_000;
const RETAINED_VARIANTS = 200_000;

/** Mean compile time of one distinct source, in microseconds, after compiling `warmup` others. */
export function measureCompileMicros(engine: Engine, count: number, warmup: number): number {
  for (let i = 0; i < warmup; i++) engine.compile(variantOf(engine.source, WARMUP_VARIANTS + i));
  const sources = Array.from({ length: count }, (_, i) => variantOf(engine.source, TIMED_VARIANTS + i));
  const kept: unknown[] = [];
  const start = performance.now();
  for (const source of sources) kept.push(engine.compile(source));
  const elapsed = performance.now() - start;
  if (kept.length !== count) throw new Error('a compile was skipped');
  return (elapsed * 1000) / count;
}

/**
 * The heap in use, in bytes, after collecting garbage with `gc` (`global.gc` under `node --expose-gc`).
 *
 * @example
 * const before = collectGarbage(gc);
 */
export function collectGarbage(gc: () => void): number {
  // Several passes: one pass can leave objects that only became unreachable during it.
  for (let i = 0; i < 4; i++) gc();
  return process.memoryUsage().heapUsed;
}

/**
 * The `global.gc` function of `node --expose-gc`, or `null` after printing on stderr that the process must be
 * run with that flag (the caller then exits with code 2).
 *
 * @example
 * const gc = requireGc();
 * if (!gc) return 2;
 */
export function requireGc(): (() => void) | null {
  const gc = globalThis.gc;
  if (!gc) {
    console.error('Run with `node --expose-gc`: the heap figures need global.gc().');
    return null;
  }
  return gc;
}

/**
 * Heap kept alive per template, in bytes: `count` distinct templates compiled, rendered once and held.
 * Rendered once because that is how a service holds them, and because engines that generate JavaScript only
 * compile a function's bytecode on its first call (Handlebars even parses then), which would otherwise leave
 * some engines' figures without it.
 */
export function measureHeapPerTemplate(engine: Engine, count: number, gc: () => void): number {
  const sources = Array.from({ length: count }, (_, i) => variantOf(engine.source, RETAINED_VARIANTS + i));
  const kept: unknown[] = new Array(count);
  const before = collectGarbage(gc);
  for (let i = 0; i < count; i++) {
    const render = engine.compile(sources[i]);
    sink += render(emailData).length;
    kept[i] = render;
  }
  const after = collectGarbage(gc);
  if (kept.length !== count) throw new Error('a template was not kept');
  return (after - before) / count;
}
