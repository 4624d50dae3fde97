/**
 * The per-construct benchmark (`pnpm bench:constructs`): each construct of the language as a small template
 * over the shop's data, Personalize against the hand-written function and nunjucks, after checking every
 * output against Jinja2 3.1. Prints one table sorted by the ratio to hand-written and writes
 * results/constructs.json and results/constructs.md.
 *
 * Options: `--quick` (short rounds, to check the script), `--filter <regex>` (constructs whose name or family
 * matches), `--allow-mismatch` (time the rest when a construct prints other text than Jinja2; it is listed as
 * not timed), `--alone` (each construct timed in a process of its own, as a user timing one template of theirs
 * sees it; written to results/constructs-alone.*), `--mixed` (as the default, but the realistic templates of
 * `pnpm bench` render too before any construct is timed, each over its own data, as a service renders templates
 * over data of different shapes; written to results/constructs-mixed.*). Only a full run (neither `--quick` nor
 * `--filter`) writes the results files.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { compile } from '@personalize/core';
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
import { realisticTemplates } from './templates/index';

const { values: options } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    filter: { type: 'string' },
    'allow-mismatch': { type: 'boolean', default: false },
    alone: { type: 'boolean', default: false },
    mixed: { type: 'boolean', default: false },
    // Internal to `--alone`: time the construct of this name only, and print its figures as JSON.
    one: { type: 'string' },
    'nunjucks-source': { type: 'string' },
  },
});
// Alone in its process, a construct warms up longer: no other template has warmed the engine's code for it.
const alone = options.alone || options.one !== undefined;
const settings = options.quick
  ? { rounds: 5, roundMs: 10, warmupMs: 2 }
  : { rounds: 5, roundMs: 100, warmupMs: alone ? 500 : 30 };

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

function contendersOf(construct: Construct, nunjucksSource: string | undefined): Contender[] {
  const list: Contender[] = [
    { name: 'hand-written', render: () => construct.byHand(shopData) },
    { name: 'Personalize', render: engineRenderer(construct) },
  ];
  if (nunjucksSource !== undefined) list.push({ name: 'nunjucks', render: nunjucksRenderer(nunjucksSource) });
  return list;
}

/** The figures of one construct's interleaved rounds. */
function resultOf(construct: Construct, contenders: Contender[]): ConstructResult {
  const { timings, ratios } = timeContenders(contenders, settings.roundMs, settings.rounds);
  const [hand, ours, theirs] = timings;
  const spread = Math.max(...ours.rounds) - Math.min(...ours.rounds);
  return {
    name: construct.name,
    family: construct.family,
    personalize: ours.rendersPerSecond,
    handWritten: hand.rendersPerSecond,
    nunjucks: theirs?.rendersPerSecond,
    ratio: ratios[1],
    nunjucksRatio: theirs === undefined ? undefined : ratios[2],
    vsNunjucks:
      theirs === undefined ? undefined : median(ours.rounds.map((rate, r) => rate / theirs.rounds[r])),
    spreadPercent: (spread / 2 / ours.rendersPerSecond) * 100,
  };
}

/** `--one`: in a process of its own, warms up and times one construct (checked by the parent) and prints JSON. */
function timeOne(name: string): number {
  const construct = constructs.find((c) => c.name === name);
  if (construct === undefined) {
    console.error(`No construct is named ${name}.`);
    return 2;
  }
  const contenders = contendersOf(construct, options['nunjucks-source']);
  for (const c of contenders) warmUp(c.render, settings.warmupMs);
  console.log(JSON.stringify(resultOf(construct, contenders)));
  return 0;
}

/** `--alone`: each construct timed by a process of its own (`--one`), which has rendered no other template. */
function timeAlone(timed: readonly CheckedConstruct[]): ConstructResult[] {
  const script = fileURLToPath(import.meta.url);
  return timed.map((c, i) => {
    // `--name=value`: a construct's name or source may start with a dash.
    const args = [...process.execArgv, script, `--one=${c.construct.name}`];
    if (options.quick) args.push('--quick');
    if (c.nunjucksSource !== undefined) args.push(`--nunjucks-source=${c.nunjucksSource}`);
    const output = execFileSync(process.execPath, args, { encoding: 'utf8' }).trim().split('\n');
    const result = JSON.parse(output[output.length - 1]) as ConstructResult;
    process.stdout.write(
      `  ${String(i + 1).padStart(3)}/${timed.length} ${c.construct.name}: ${result.ratio.toFixed(2)}x\n`,
    );
    return result;
  });
}

/** All constructs timed in this process, each after every construct has rendered. */
function timeShared(timed: readonly CheckedConstruct[]): ConstructResult[] {
  const contenders = timed.map((c) => contendersOf(c.construct, c.nunjucksSource));
  // Every construct renders before any is timed, so the engine's shared code has seen all of them, as it has
  // in a service rendering many templates; timing each right after its own warm-up would flatter the engine.
  console.log(`Warming up ${timed.length} constructs...`);
  for (const list of contenders) for (const c of list) warmUp(c.render, settings.warmupMs);
  if (options.mixed) {
    console.log(`Warming up the ${realisticTemplates.length} realistic templates, each over its own data...`);
    for (const t of realisticTemplates) {
      const template = compile(t.jinja, { cache: false });
      warmUp(() => template.render(t.data), settings.warmupMs * 10);
    }
  }
  return timed.map((c, i) => {
    const result = resultOf(c.construct, contenders[i]);
    process.stdout.write(
      `  ${String(i + 1).padStart(3)}/${timed.length} ${c.construct.name}: ${result.ratio.toFixed(2)}x\n`,
    );
    return result;
  });
}

async function main(): Promise<number> {
  if (options.one !== undefined) return timeOne(options.one);
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
  if (options.alone && options.mixed) {
    console.error('--alone and --mixed cannot go together: --mixed times the constructs in one process.');
    return 2;
  }
  const mode = options.alone ? 'alone' : options.mixed ? 'mixed' : 'shared';
  console.log(
    `Timing (${settings.rounds} rounds of ${settings.roundMs} ms per contender; rates per CPU second of ${mode === 'alone' ? 'a process per construct' : 'this process'})...`,
  );
  const results = mode === 'alone' ? timeAlone(timed) : timeShared(timed);
  if (mode === 'shared' && renderedCharacters() === 0) throw new Error('every render was empty');
  results.sort((a, b) => a.ratio - b.ratio);

  const report: ConstructsReport = {
    date: new Date().toISOString(),
    engine: engineCommit(),
    mode,
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
    const name = mode === 'shared' ? 'constructs' : `constructs-${mode}`;
    writeFileSync(new URL(`${name}.json`, dir), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(new URL(`${name}.md`, dir), constructsMarkdown(report));
    console.log(`Wrote benchmarks/results/${name}.json and ${name}.md`);
  }
  return 0;
}

process.exitCode = await main();
