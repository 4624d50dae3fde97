/** The per-construct results: the JSON record, the markdown table and the console summary. */
import { geometricMean } from '../stats';
import type { Family } from './construct';

/** One construct's figures. */
export interface ConstructResult {
  name: string;
  family: Family;
  /** Personalize renders per CPU second (median round). */
  personalize: number;
  /** Hand-written function renders per CPU second (median round). */
  handWritten: number;
  /** nunjucks renders per CPU second, when nunjucks prints the same text. */
  nunjucks?: number;
  /** Personalize ÷ hand-written: the median over rounds of the within-round ratio. */
  ratio: number;
  /** nunjucks ÷ hand-written, the same way. */
  nunjucksRatio?: number;
  /** Personalize ÷ nunjucks, the same way. */
  vsNunjucks?: number;
  /** Half the spread of Personalize's rounds, in percent of its median. */
  spreadPercent: number;
}

/** A construct that was not timed because a contender printed other text than Jinja2. */
export interface NotTimed {
  name: string;
  family: Family;
  /** Who printed other text. */
  who: string;
  /** Where and how. */
  difference: string;
}

/** Everything one run recorded. */
export interface ConstructsReport {
  date: string;
  /** The engine measured: its last commit (see `engineCommit`). */
  engine: string;
  /**
   * `shared`: every construct timed in one process that had rendered them all first (a service rendering many
   * templates); `alone`: each timed in a process of its own (a user timing one template).
   */
  mode: 'shared' | 'mixed' | 'alone';
  machine: { node: string; platform: string; cpu: string; cpus: number };
  versions: Record<string, string>;
  settings: { rounds: number; roundMs: number; warmupMs: number };
  summary: Summary;
  /** Sorted by `ratio`, slowest first. */
  results: ConstructResult[];
  notTimed: NotTimed[];
}

/** The figures the goals of issue 12 are stated in. */
export interface Summary {
  timed: number;
  geometricMean: number;
  /** Constructs under `SLOW_RATIO` of the hand-written function. */
  under: number;
  /** Constructs that nunjucks prints the same text for. */
  nunjucksTimed: number;
  /** Geometric mean of nunjucks ÷ hand-written over those. */
  nunjucksGeometricMean: number;
  /** Geometric mean of Personalize ÷ nunjucks over those. */
  personalizeVsNunjucks: number;
}

/** The per-construct goal: at least this ratio to hand-written on every construct. */
export const SLOW_RATIO = 0.3;
/** The goal for the geometric mean over all constructs. */
export const GEOMETRIC_MEAN_GOAL = 0.6;

/** The summary of a set of results. */
export function summarize(results: readonly ConstructResult[]): Summary {
  const withNunjucks = results.filter((r) => r.nunjucksRatio !== undefined);
  return {
    timed: results.length,
    geometricMean: geometricMean(results.map((r) => r.ratio)),
    under: results.filter((r) => r.ratio < SLOW_RATIO).length,
    nunjucksTimed: withNunjucks.length,
    nunjucksGeometricMean: geometricMean(withNunjucks.map((r) => r.nunjucksRatio as number)),
    personalizeVsNunjucks: geometricMean(withNunjucks.map((r) => r.vsNunjucks as number)),
  };
}

const ratio = (n: number | undefined) => (n === undefined ? '' : `${n.toFixed(2)}x`);
const rate = (n: number | undefined) => (n === undefined ? '' : Math.round(n).toLocaleString('en-US'));
// Markdown table cells: a `|` in a construct's name would end the cell.
const cell = (text: string) => `\`${text.replaceAll('|', '\\|')}\``;

/** The summary lines: the goals of issue 12, reported, not asserted. */
export function summaryLines(summary: Summary, notTimed: readonly NotTimed[]): string[] {
  const lines = [
    `${summary.timed} constructs timed; geometric mean ${ratio(summary.geometricMean)} hand-written (goal ≥ ${ratio(GEOMETRIC_MEAN_GOAL)}: ${summary.geometricMean >= GEOMETRIC_MEAN_GOAL ? 'met' : 'NOT met'}).`,
    `${summary.under} of ${summary.timed} under ${ratio(SLOW_RATIO)} hand-written (goal: none).`,
  ];
  lines.push(
    summary.nunjucksTimed === 0
      ? 'nunjucks prints other text on every construct timed.'
      : `nunjucks prints the same text on ${summary.nunjucksTimed}: nunjucks ${ratio(summary.nunjucksGeometricMean)} hand-written, Personalize ${ratio(summary.personalizeVsNunjucks)} nunjucks (geometric means).`,
  );
  if (notTimed.length > 0) lines.push(`NOT TIMED (output differs from Jinja2): ${notTimed.length}.`);
  return lines;
}

/** The markdown page written beside the JSON. */
export function constructsMarkdown(report: ConstructsReport): string {
  const { machine, settings } = report;
  const lines = [
    '# Per-construct benchmark',
    '',
    `\`pnpm bench:constructs${report.mode === 'shared' ? '' : ` --${report.mode}`}\`, ${report.date.slice(0, 10)}, engine at ${report.engine}: Node ${machine.node}, ${machine.cpu} (${machine.cpus} cores); ` +
      (report.mode === 'alone'
        ? 'each construct timed in a process of its own, which rendered no other template (as a user timing one template of theirs sees it); '
        : report.mode === 'mixed'
          ? 'every construct timed in one process, after all of them and the realistic templates of `pnpm bench`, each over its own data, had rendered (as in a service rendering many templates over data of different shapes); '
          : 'every construct timed in one process, after all of them had rendered (as in a service rendering many templates); ') +
      `${settings.rounds} interleaved rounds of ${settings.roundMs} ms per contender, median round. ` +
      "Rates are renders per second of the process's CPU time; a ratio is Personalize's rate ÷ the hand-written " +
      "function's in the same round, the median of the rounds. " +
      'Sorted by the ratio, slowest first; the nunjucks column is empty where nunjucks prints other text.',
    '',
    ...summaryLines(report.summary, report.notTimed).map((line) => `- ${line}`),
    '',
    '| # | Construct | Family | Personalize renders/CPU s | hand-written renders/CPU s | Personalize ÷ hand-written | nunjucks ÷ hand-written |',
    '|---:|---|---|---:|---:|---:|---:|',
  ];
  report.results.forEach((r, i) => {
    lines.push(
      `| ${i + 1} | ${cell(r.name)} | ${r.family} | ${rate(r.personalize)} | ${rate(r.handWritten)} | ${ratio(r.ratio)} | ${ratio(r.nunjucksRatio)} |`,
    );
  });
  if (report.notTimed.length > 0) {
    lines.push('', '## Not timed: the output differs from Jinja2', '');
    for (const n of report.notTimed) lines.push(`- ${cell(n.name)} (${n.family}), ${n.who}: ${n.difference}`);
  }
  return `${lines.join('\n')}\n`;
}
