/**
 * The per-construct benchmark (`pnpm bench:constructs`): each construct of the language as a small template
 * over the shop's data, Personalize against the hand-written function and nunjucks, after checking every
 * output against Jinja2 3.1. Prints one table sorted by the ratio to hand-written and writes
 * results/constructs.json and results/constructs.md.
 *
 * Options: `--quick` (short rounds, to check the script), `--filter <regex>` (constructs whose name or family
 * matches), `--allow-mismatch` (time the rest when a construct prints other text than Jinja2; it is listed as
 * not timed). Only a full run (neither `--quick` nor `--filter`) writes the results files.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import nunjucks from 'nunjucks';
import { type CheckedConstruct, checkConstructs, engineRenderer } from './constructs/check';
import { type Construct, constructs, shopData } from './constructs/index';
import {
  type ConstructResult,
  type ConstructsReport,
  constructsMarkdown,
  type NotTimed,
  summarize,
  summaryLines,
} from './constructs/report';
import { type Contender, renderedCharacters, timeContenders, warmUp } from './interleaved';
import { engineCommit, machine, packageVersions } from './run-info';
import { median } from './stats';

const { values: options } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    filter: { type: 'string' },
    'allow-mismatch': { type: 'boolean', default: false },
  },
});
const settings = options.quick
  ? { rounds: 5, roundMs: 10, warmupMs: 2 }
  : { rounds: 5, roundMs: 100, warmupMs: 30 };

const nunjucksEnv = new nunjucks.Environment(null, { autoescape: false });

/** nunjucks as the e-mail benchmark sets it up: escaping off, compiled eagerly. */
function nunjucksRenderer(source: string): () => string {
  const template = new nunjucks.Template(source, nunjucksEnv, undefined, true);
  return () => template.render(shopData);
}

function selected(): Construct[] {
  if (options.filter === undefined) return [...constructs];
  const pattern = new RegExp(options.filter);
  return constructs.filter((c) => pattern.test(c.name) || pattern.test(c.family));
}

/** The constructs whose engine or hand-written output differs from Jinja2's, printed loudly. */
function mismatches(checked: readonly CheckedConstruct[]): NotTimed[] {
  const found: NotTimed[] = [];
  for (const { construct, engine, byHand } of checked) {
    for (const [who, d] of [
      ['Personalize', engine],
      ['hand-written', byHand],
    ] as const) {
      if (d === undefined) continue;
      found.push({
        name: construct.name,
        family: construct.family,
        who,
        difference: `at character ${d.at}: Jinja2 prints ${d.expected}, ${who} ${d.actual}`,
      });
    }
  }
  return found;
}

function contendersOf(checked: CheckedConstruct): Contender[] {
  const { construct } = checked;
  const list: Contender[] = [
    { name: 'hand-written', render: () => construct.byHand(shopData) },
    { name: 'Personalize', render: engineRenderer(construct) },
  ];
  if (checked.nunjucksSource !== undefined) {
    list.push({ name: 'nunjucks', render: nunjucksRenderer(checked.nunjucksSource) });
  }
  return list;
}

async function main(): Promise<number> {
  const chosen = selected();
  if (chosen.length === 0) {
    console.error(`No construct matches --filter ${options.filter}.`);
    return 2;
  }
  console.log(`Checking ${chosen.length} constructs against Jinja2...`);
  const checked = await checkConstructs(chosen, nunjucksRenderer);
  const notTimed = mismatches(checked);
  for (const c of checked) {
    if (c.construct.nunjucks !== undefined && c.nunjucksProblem !== undefined) {
      notTimed.push({
        name: c.construct.name,
        family: c.construct.family,
        who: 'nunjucks (adjusted source)',
        difference: c.nunjucksProblem,
      });
    }
  }
  if (notTimed.length > 0) {
    console.error(`\n!!! ${notTimed.length} outputs differ from Jinja2's:`);
    for (const n of notTimed) console.error(`!!! ${n.name} (${n.family}), ${n.who}: ${n.difference}`);
    if (!options['allow-mismatch']) {
      console.error(
        '\nNothing was timed. Fix the construct, or run with --allow-mismatch to time the others.',
      );
      return 1;
    }
    console.error('!!! --allow-mismatch: these constructs are not timed.\n');
  }
  const skipped = new Set(notTimed.map((n) => n.name));
  const timed = checked.filter((c) => !skipped.has(c.construct.name));
  const contenders = timed.map(contendersOf);

  // Every construct renders before any is timed, so the engine's shared code has seen all of them, as it has
  // in a service rendering many templates; timing each right after its own warm-up would flatter the engine.
  console.log(`Warming up ${timed.length} constructs...`);
  for (const list of contenders) for (const c of list) warmUp(c.render, settings.warmupMs);

  console.log(
    `Timing (${settings.rounds} rounds of ${settings.roundMs} ms per contender; rates per CPU second of this process)...`,
  );
  const results: ConstructResult[] = [];
  timed.forEach((c, i) => {
    const { timings, ratios } = timeContenders(contenders[i], settings.roundMs, settings.rounds);
    const [hand, ours, theirs] = timings;
    const spread = Math.max(...ours.rounds) - Math.min(...ours.rounds);
    results.push({
      name: c.construct.name,
      family: c.construct.family,
      personalize: ours.rendersPerSecond,
      handWritten: hand.rendersPerSecond,
      nunjucks: theirs?.rendersPerSecond,
      ratio: ratios[1],
      nunjucksRatio: theirs === undefined ? undefined : ratios[2],
      vsNunjucks:
        theirs === undefined ? undefined : median(ours.rounds.map((rate, r) => rate / theirs.rounds[r])),
      spreadPercent: (spread / 2 / ours.rendersPerSecond) * 100,
    });
    process.stdout.write(
      `  ${String(i + 1).padStart(3)}/${timed.length} ${c.construct.name}: ${ratios[1].toFixed(2)}x\n`,
    );
  });
  if (renderedCharacters() === 0) throw new Error('every render was empty');
  results.sort((a, b) => a.ratio - b.ratio);

  const report: ConstructsReport = {
    date: new Date().toISOString(),
    engine: engineCommit(),
    machine: machine(),
    versions: packageVersions(['@personalize/core', 'nunjucks']),
    settings,
    summary: summarize(results),
    results,
    notTimed,
  };
  console.table(
    results.map((r) => ({
      construct: r.name,
      'Personalize/CPU s': Math.round(r.personalize),
      'hand-written/CPU s': Math.round(r.handWritten),
      'vs hand-written': Number(r.ratio.toFixed(3)),
      'nunjucks vs hand-written': r.nunjucksRatio === undefined ? '' : Number(r.nunjucksRatio.toFixed(3)),
    })),
  );
  console.log(summaryLines(report.summary, notTimed).join('\n'));

  if (!options.quick && options.filter === undefined) {
    const dir = new URL('../results/', import.meta.url);
    mkdirSync(dir, { recursive: true });
    writeFileSync(new URL('constructs.json', dir), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(new URL('constructs.md', dir), constructsMarkdown(report));
    console.log('Wrote benchmarks/results/constructs.json and constructs.md');
  }
  return 0;
}

process.exitCode = await main();
