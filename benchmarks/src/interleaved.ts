/**
 * Times the contenders of one construct or realistic template as `measureThroughput` times the e-mail's: interleaved rounds, each in
 * a rotated order, so that a change of load on a shared machine falls on every contender alike; the figures
 * are the medians of the rounds. Each timed call renders a batch sized so that it lasts about
 * `TARGET_CALL_MICROS`, well above the timer's resolution.
 */
import { Bench } from 'tinybench';
import { cpuNow, median } from './stats';

/** A contender: its name and a render of the construct or template. */
export interface Contender {
  name: string;
  render: () => string;
}

/** One contender's figures. */
export interface ContenderTiming {
  /** Renders per second, the median of the rounds. */
  rendersPerSecond: number;
  /** Renders per second in each round. */
  rounds: number[];
  /** Renders per timed call. */
  batch: number;
}

const TARGET_CALL_MICROS = 200;

// Kept so that no render can be optimised away.
let sink = 0;

/** The checksum of everything rendered: printed, so that no render is dead code. */
export function renderedCharacters(): number {
  return sink;
}

/** Renders for about `ms` milliseconds, to let the JIT see the template. */
export function warmUp(render: () => string, ms: number): void {
  const until = cpuNow() + ms;
  do {
    for (let i = 0; i < 10; i++) sink += render().length;
  } while (cpuNow() < until);
}

/** Renders per call that make one call last about `TARGET_CALL_MICROS`. */
function batchSize(render: () => string): number {
  let count = 0;
  const start = cpuNow();
  let elapsed = 0;
  while (elapsed < 2) {
    sink += render().length;
    count++;
    elapsed = cpuNow() - start;
  }
  return Math.max(1, Math.round((TARGET_CALL_MICROS / 1000 / elapsed) * count));
}

/**
 * Times each contender for `rounds` rounds of `roundMs` milliseconds. Returns the figures in the contenders'
 * order, and the median over rounds of each contender's rate divided by the first contender's in that round
 * (the ratio to the baseline, taken within a round so that both saw the same load).
 */
export function timeContenders(
  contenders: readonly Contender[],
  roundMs: number,
  rounds: number,
): { timings: ContenderTiming[]; ratios: number[] } {
  const batches = contenders.map((c) => batchSize(c.render));
  const perRound = contenders.map(() => [] as number[]);
  for (let round = 0; round < rounds; round++) {
    const bench = new Bench({ time: roundMs, iterations: 8, warmup: false, throws: true, now: cpuNow });
    const order = contenders.map((_, i) => (i + round) % contenders.length);
    for (const i of order) {
      const { render } = contenders[i];
      const batch = batches[i];
      bench.add(contenders[i].name, () => {
        for (let k = 0; k < batch; k++) sink += render().length;
      });
    }
    bench.runSync();
    bench.tasks.forEach((task, position) => {
      const result = task.result;
      if (result.state !== 'completed') throw new Error(`${task.name} did not complete: ${result.state}`);
      const i = order[position];
      perRound[i].push((batches[i] * 1000) / result.period);
    });
  }
  const timings = contenders.map((_, i) => ({
    rendersPerSecond: median(perRound[i]),
    rounds: perRound[i],
    batch: batches[i],
  }));
  const ratios = contenders.map((_, i) =>
    median(perRound[i].map((rate, round) => rate / perRound[0][round])),
  );
  return { timings, ratios };
}
