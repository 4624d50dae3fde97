/** Small statistics shared by the benchmark scripts. */

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The geometric mean (NaN for no values): the mean of ratios that neither a 2x nor a 0.5x outweighs. */
export function geometricMean(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  return Math.exp(values.reduce((sum, v) => sum + Math.log(v), 0) / values.length);
}

/**
 * Milliseconds of CPU time this process has used (user and system, all its threads): the clock the throughput
 * runs time with. On a shared machine the wall clock also counts the time other processes held the cores, which
 * falls unevenly on the contenders; the process's own CPU time does not.
 */
export function cpuNow(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}
