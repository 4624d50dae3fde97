/**
 * The benchmark: checks that every engine prints the hand-written text, then measures render throughput,
 * compile time and heap per template in one process, prints the tables and writes results/latest.json.
 * Beside the e-mail, the realistic templates of src/templates (each checked against Jinja2 first) are timed
 * against their hand-written functions and nunjucks.
 * Run with `node --expose-gc --import tsx src/run.ts` (`pnpm bench` at the root). `--quick` shortens every
 * phase, for checking the script rather than the engines.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { engines } from './engines';
import { measureCompileMicros, measureHeapPerTemplate, measureThroughput, requireGc } from './measure';
import {
  type BenchmarkReport,
  type CompileResult,
  evaluateGoals,
  goalLines,
  markdown,
  withRatios,
} from './report';
import { engineCommit, machine, packageVersions } from './run-info';
import { checkRealisticTemplates, measureTemplates } from './templates/measure';
import { templateGoals, templatesMarkdown } from './templates/report';
import { describeMismatches, findMismatches } from './verify';

const quick = process.argv.includes('--quick');
const settings = quick
  ? { timeMs: 500, templateRoundMs: 30, compileCount: 30, compileWarmup: 10, heapCount: 100 }
  : { timeMs: 5000, templateRoundMs: 300, compileCount: 300, compileWarmup: 50, heapCount: 1000 };

async function main(): Promise<number> {
  const gc = requireGc();
  if (!gc) return 2;

  const mismatches = findMismatches(engines);
  if (mismatches.length > 0) {
    console.error(describeMismatches(mismatches));
    return 1;
  }
  console.log(`All ${engines.length} engines print the hand-written text.`);
  const templateMismatches = await checkRealisticTemplates();
  if (templateMismatches.length > 0) {
    console.error(
      `These realistic templates do not print Jinja2's text, so nothing was timed:\n- ${templateMismatches.join('\n- ')}`,
    );
    return 1;
  }
  console.log("Every realistic template prints Jinja2's text (Personalize, hand-written and nunjucks).\n");

  // Throughput first: the compile and heap phases leave a thousand templates of every engine behind for the
  // collector, which would slow whichever renders came after them.
  console.log(`Timing renders (${settings.timeMs} ms per contender, in 5 interleaved rounds)...`);
  const throughput = withRatios(await measureThroughput(engines, settings.timeMs));
  console.log(
    `Timing the realistic templates (5 interleaved rounds of ${settings.templateRoundMs} ms per contender)...`,
  );
  const templates = measureTemplates(settings.templateRoundMs);

  const compile: CompileResult[] = engines.map((engine) => ({
    name: engine.name,
    compileMicros: measureCompileMicros(engine, settings.compileCount, settings.compileWarmup),
    heapBytes: measureHeapPerTemplate(engine, settings.heapCount, gc),
    note: engine.compileNote,
  }));

  const report: BenchmarkReport = {
    date: new Date().toISOString(),
    engine: engineCommit(),
    machine: machine(),
    versions: packageVersions(['@personalize/core', 'nunjucks', 'liquidjs', 'handlebars', 'tinybench']),
    throughput,
    compile,
    templates,
    goals: [...evaluateGoals(throughput), ...templateGoals(templates)],
  };

  console.table(
    throughput.map((r) => ({
      engine: r.name,
      'renders/s': Math.round(r.rendersPerSecond),
      '±%': Number(r.marginPercent.toFixed(2)),
      'vs hand-written': Number(r.vsHandWritten.toFixed(3)),
      'Personalize is': Number(r.personalizeVs.toFixed(3)),
    })),
  );
  console.table(
    compile.map((c) => ({
      engine: c.name,
      'compile µs/template': Number(c.compileMicros.toFixed(1)),
      'heap KB/template': Number((c.heapBytes / 1024).toFixed(2)),
    })),
  );
  console.table(
    templates.map((t) => ({
      template: t.name,
      'Personalize/CPU s': Math.round(t.personalize),
      'hand-written/CPU s': Math.round(t.handWritten),
      'vs hand-written': Number(t.vsHandWritten.toFixed(3)),
      'nunjucks/CPU s': t.nunjucks === undefined ? '' : Math.round(t.nunjucks),
      'Personalize is': t.vsNunjucks === undefined ? '' : Number(t.vsNunjucks.toFixed(2)),
    })),
  );
  console.log(goalLines(report.goals).join('\n'));
  console.log(`\nMarkdown for the README:\n\n${markdown(report)}\n\n${templatesMarkdown(templates)}\n`);

  if (!quick) {
    const dir = new URL('../results/', import.meta.url);
    mkdirSync(dir, { recursive: true });
    writeFileSync(new URL('latest.json', dir), `${JSON.stringify(report, null, 2)}\n`);
    console.log('Wrote benchmarks/results/latest.json');
  }
  return 0;
}

process.exitCode = await main();
