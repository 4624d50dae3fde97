/** Turns the measurements into the console tables, the README's markdown table and the JSON record. */
import { HAND_WRITTEN, type ThroughputResult } from './measure';
import type { TemplateResult } from './templates/measure';

/** What one engine cost to compile and to keep. */
export interface CompileResult {
  /** The engine's name. */
  name: string;
  /** Mean compile time of one distinct source, in microseconds. */
  compileMicros: number;
  /** Heap retained per compiled template, in bytes. */
  heapBytes: number;
  /** A caveat on how the engine was measured. */
  note?: string;
}

/** A target the project set itself; reported, never asserted. */
export interface Goal {
  /** What is wanted, in words. */
  goal: string;
  /** The ratio reached. */
  actual: number;
  /** The ratio wanted. */
  target: number;
  /** Whether `actual` reaches `target`. */
  met: boolean;
}

/** Everything one run measured. */
export interface BenchmarkReport {
  /** When the run finished (ISO 8601). */
  date: string;
  /** The engine measured: its last commit (see `engineCommit`). */
  engine: string;
  /** Node version, platform and CPU, which the figures depend on. */
  machine: { node: string; platform: string; cpu: string; cpus: number };
  /** Versions of the engines measured. */
  versions: Record<string, string>;
  /** Render throughput, hand-written function first. */
  throughput: Array<ThroughputResult & { vsHandWritten: number; personalizeVs: number }>;
  /** Compile time and heap per template. */
  compile: CompileResult[];
  /** The realistic templates against their hand-written functions and nunjucks. */
  templates: TemplateResult[];
  /** The project's goals and whether this run met them. */
  goals: Goal[];
}

const PERSONALIZE = 'Personalize';

/** Adds the two ratio columns to the throughput results. */
export function withRatios(results: ThroughputResult[]): BenchmarkReport['throughput'] {
  const rate = (name: string) => results.find((r) => r.name === name)?.rendersPerSecond ?? Number.NaN;
  const baseline = rate(HAND_WRITTEN);
  const ours = rate(PERSONALIZE);
  return results.map((r) => ({
    ...r,
    vsHandWritten: r.rendersPerSecond / baseline,
    personalizeVs: ours / r.rendersPerSecond,
  }));
}

/** The goals: Personalize at least half as fast as hand-written code and four times nunjucks. */
export function evaluateGoals(throughput: BenchmarkReport['throughput']): Goal[] {
  const ours = throughput.find((r) => r.name === PERSONALIZE);
  const nunjucks = throughput.find((r) => r.name === 'nunjucks');
  const goals: Goal[] = [];
  if (ours) {
    goals.push({
      goal: 'Personalize vs hand-written JS',
      actual: ours.vsHandWritten,
      target: 0.5,
      met: false,
    });
  }
  if (nunjucks)
    goals.push({ goal: 'Personalize vs nunjucks', actual: nunjucks.personalizeVs, target: 4, met: false });
  return goals.map((g) => ({ ...g, met: g.actual >= g.target }));
}

const FOOTNOTE_MARKS = ['¹', '²', '³', '⁴'];

function grouped(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

function ratio(n: number): string {
  return `${n.toFixed(2)}x`;
}

/** The markdown the README embeds: one table for rendering, one for compiling, then the caveats. */
export function markdown(report: BenchmarkReport): string {
  const lines = [
    '| Engine | Renders/s | ± | vs hand-written | Personalize is |',
    '|---|---:|---:|---:|---:|',
  ];
  for (const r of report.throughput) {
    const ours = r.name === PERSONALIZE ? '—' : ratio(r.personalizeVs);
    lines.push(
      `| ${r.name} | ${grouped(r.rendersPerSecond)} | ${r.marginPercent.toFixed(1)}% | ${ratio(r.vsHandWritten)} | ${ours} |`,
    );
  }
  lines.push('', '| Engine | Compile (µs/template) | Heap (KB/template) |', '|---|---:|---:|');
  const notes: string[] = [];
  for (const c of report.compile) {
    const mark = c.note ? FOOTNOTE_MARKS[notes.push(c.note) - 1] : '';
    lines.push(`| ${c.name}${mark} | ${c.compileMicros.toFixed(0)} | ${(c.heapBytes / 1024).toFixed(1)} |`);
  }
  const { machine } = report;
  // Blank lines between the notes: consecutive lines would run together into one paragraph.
  for (const [i, note] of notes.entries()) lines.push('', `${FOOTNOTE_MARKS[i]} ${note}`);
  lines.push(
    '',
    'Heap: distinct templates compiled, rendered once and kept, measured after `global.gc()`.',
    '',
    `The e-mail: 11 outputs through filters, an if/elif/else and a 20-item loop; every engine prints the same text. Node ${machine.node}, ${machine.cpu} (${machine.cpus} cores), ${report.date.slice(0, 10)}.`,
  );
  return lines.join('\n');
}

/** The goal lines printed after the tables. */
export function goalLines(goals: Goal[]): string[] {
  return goals.map(
    (g) => `${g.met ? 'met    ' : 'NOT met'}  ${g.goal}: ${ratio(g.actual)} (goal ≥ ${ratio(g.target)})`,
  );
}
