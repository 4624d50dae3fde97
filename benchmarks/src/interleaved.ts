/**
 * Times the contenders of one construct or realistic template in interleaved rounds, each in a rotated order,
 * as `measureThroughput` times the e-mail's; the figures are the medians of the rounds.
 *
 * A rate is renders per second of this process's CPU time (user + system, `process.cpuUsage()`), not of the
 * wall clock: on a machine shared with other work the process is descheduled for stretches that have nothing to
 * do with the code under test. On the shared 2-core machine these benchmarks run on, the wall-clock ratios of
 * two full runs of the constructs differed by a median of 21% (several by 2x or more), the CPU-time ratios by a
 * median of 3% (90% within 11%). The CPU time includes
 * the collector's and the compiler's helper threads, which are part of what a render costs.
 */
import { median } from './stats';

/** A contender: its name and a render of the construct or template. */
export interface Contender {
  name: string;
  render: () => string;
}

/** One contender's figures. */
export interface ContenderTiming {
  /** Renders per CPU second, the median of the rounds. */
  rendersPerSecond: number;
  /** Renders per CPU second in each round. */
  rounds: number[];
  /** Renders per wall-clock second, the median of the rounds (for reference: it moves with the machine's load). */
  wallRendersPerSecond: number;
  /** Renders between two clock reads. */
  batch: number;
}

/** Renders between two reads of the clock: enough that reading it costs nothing next to them. */
const TARGET_BATCH_MICROS = 200;

// Kept so that no render can be optimised away.
let sink = 0;

/** The checksum of everything rendered: checked non-zero, so that no render is dead code. */
export function renderedCharacters(): number {
  return sink;
}

/** Renders for about `ms` milliseconds, to let the JIT see the template. */
export function warmUp(render: () => string, ms: number): void {
  const until = performance.now() + ms;
  do {
    for (let i = 0; i < 10; i++) sink += render().length;
  } while (performance.now() < until);
}

/** Renders per batch that make one batch last about `TARGET_BATCH_MICROS`. */
function batchSize(render: () => string): number {
  let count = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < 2) {
    sink += render().length;
    count++;
    elapsed = performance.now() - start;
  }
  return Math.max(1, Math.round((TARGET_BATCH_MICROS / 1000 / elapsed) * count));
}

/** Renders in batches for `ms` of wall time; the renders done, and the CPU and wall seconds they took. */
function slice(
  render: () => string,
  batch: number,
  ms: number,
): { renders: number; cpu: number; wall: number } {
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  let renders = 0;
  let wall = 0;
  do {
    for (let k = 0; k < batch; k++) sink += render().length;
    renders += batch;
    wall = performance.now() - wallStart;
  } while (wall < ms);
  const cpu = process.cpuUsage(cpuStart);
  // A slice shorter than the CPU clock's resolution cannot happen at the lengths used, but never divide by zero.
  return { renders, cpu: Math.max(1, cpu.user + cpu.system) / 1e6, wall: wall / 1000 };
}

/**
 * Times each contender for `rounds` rounds of `roundMs` milliseconds. Returns the figures in the contenders'
 * order, and the median over rounds of each contender's rate divided by the first contender's in that round
 * (the ratio to the baseline, taken within a round so that both saw the same machine).
 */
export function timeContenders(
  contenders: readonly Contender[],
  roundMs: number,
  rounds: number,
): { timings: ContenderTiming[]; ratios: number[] } {
  const batches = contenders.map((c) => batchSize(c.render));
  const perRound = contenders.map(() => [] as number[]);
  const wallPerRound = contenders.map(() => [] as number[]);
  for (let round = 0; round < rounds; round++) {
    for (let position = 0; position < contenders.length; position++) {
      const i = (position + round) % contenders.length;
      const { renders, cpu, wall } = slice(contenders[i].render, batches[i], roundMs);
      perRound[i].push(renders / cpu);
      wallPerRound[i].push(renders / wall);
    }
  }
  const timings = contenders.map((_, i) => ({
    rendersPerSecond: median(perRound[i]),
    rounds: perRound[i],
    wallRendersPerSecond: median(wallPerRound[i]),
    batch: batches[i],
  }));
  const ratios = contenders.map((_, i) =>
    median(perRound[i].map((rate, round) => rate / perRound[0][round])),
  );
  return { timings, ratios };
}
