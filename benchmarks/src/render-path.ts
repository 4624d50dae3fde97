/**
 * The personalized render path against the bare compiled render, for the benchmark e-mail written with the
 * personalization objects (`UserAttribute.*`, `ProductSet.picks`):
 *
 * - bare: `Template.render` with the user and the products passed as plain variables;
 * - full path: `renderer.render(source, { user })` with the in-memory resolvers: template cache lookup, static
 *   reads, user and product set fetched, attributes merged, then the same synchronous render.
 *
 * Both must print the hand-written text. Then throughput (tinybench) and the heap over many full-path renders,
 * sampled after `global.gc()` (goal: flat). Run with `node --expose-gc --import tsx src/render-path.ts`
 * (`pnpm --filter @personalize/benchmarks bench:render-path`); `--quick` shortens every phase, and
 * `--renders N` sets the heap run's length (default 1,000,000).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { compile, createRenderer, memoryResolvers, type RenderInput } from '@personalize/core';
import { Bench } from 'tinybench';
import { emailData } from './data';
import { jinjaEmail } from './email-template';
import { renderEmailByHand } from './hand-written';
import { collectGarbage, requireGc } from './measure';

const quick = process.argv.includes('--quick');
const rendersFlag = process.argv.indexOf('--renders');
const heapRenders = rendersFlag > 0 ? Number(process.argv[rendersFlag + 1]) : quick ? 20_000 : 1_000_000;
const timeMs = quick ? 300 : 3_000;
const HEAP_SAMPLES = 10;
const RENDERS_PER_CALL = 10;

/** The e-mail reading the user from `UserAttribute` and the products from the product set `picks`. */
const personalizedEmail = jinjaEmail
  .replaceAll('user.', 'UserAttribute.')
  .replace('in products', 'in ProductSet.picks');

const input: RenderInput = { user: { identifier: 'ID', value: 'u-1' } };
const renderer = createRenderer({
  resolvers: memoryResolvers({
    users: [{ id: 'u-1', attributes: { ...emailData.user } }],
    productSets: { picks: emailData.products },
  }),
});
const bareTemplate = compile(personalizedEmail);
const bareVariables = { UserAttribute: emailData.user, ProductSet: { picks: emailData.products } };

const renderBare = (): string => bareTemplate.render(bareVariables);

async function renderFull(): Promise<string> {
  const result = await renderer.render(personalizedEmail, input);
  if (result.status !== 'sent' || result.warnings.length > 0)
    throw new Error('the full path did not send cleanly');
  return result.text;
}

// Kept so that no render can be optimised away.
let sink = 0;

/** The heap in use after gc, once some number of renders have run. */
interface HeapSample {
  afterRenders: number;
  heapBytes: number;
}

/** Heap in use after gc, sampled `HEAP_SAMPLES` times over `count` full-path renders. */
async function measureHeap(
  count: number,
  gc: () => void,
): Promise<{ samples: HeapSample[]; seconds: number }> {
  const samples: HeapSample[] = [{ afterRenders: 0, heapBytes: collectGarbage(gc) }];
  const step = Math.max(1, Math.floor(count / HEAP_SAMPLES));
  const start = performance.now();
  for (let done = 0; done < count; ) {
    const until = Math.min(count, done + step);
    for (; done < until; done++) sink += (await renderFull()).length;
    samples.push({ afterRenders: done, heapBytes: collectGarbage(gc) });
  }
  return { samples, seconds: (performance.now() - start) / 1000 };
}

async function main(): Promise<number> {
  const gc = requireGc();
  if (!gc) return 2;
  const expected = renderEmailByHand(emailData);
  for (const [name, text] of [
    ['bare render', renderBare()],
    ['full path', await renderFull()],
  ] as const) {
    if (text !== expected) {
      console.error(`The ${name} does not print the hand-written text.`);
      return 1;
    }
  }
  console.log('The bare render and the full path print the hand-written text.\n');

  console.log(`Timing renders (${timeMs} ms per contender)...`);
  const bench = new Bench({ time: timeMs, warmupTime: Math.max(250, timeMs / 4), throws: true });
  bench.add('bare compiled render', () => {
    for (let i = 0; i < RENDERS_PER_CALL; i++) sink += renderBare().length;
  });
  bench.add('full path (prefetch + render)', async () => {
    for (let i = 0; i < RENDERS_PER_CALL; i++) sink += (await renderFull()).length;
  });
  await bench.run();
  const perSecond = bench.tasks.map((task) => {
    const result = task.result;
    if (result.state !== 'completed') throw new Error(`${task.name} did not complete: ${result.state}`);
    return {
      name: task.name,
      rendersPerSecond: (RENDERS_PER_CALL * 1000) / result.period,
      rme: result.latency.rme,
    };
  });
  const [bare, full] = perSecond;
  const ratio = full.rendersPerSecond / bare.rendersPerSecond;
  console.table(
    perSecond.map((r) => ({
      path: r.name,
      'renders/s': Math.round(r.rendersPerSecond),
      '±%': Number(r.rme.toFixed(2)),
      'vs bare': Number((r.rendersPerSecond / bare.rendersPerSecond).toFixed(3)),
    })),
  );

  console.log(`Heap over ${heapRenders.toLocaleString('en')} full-path renders...`);
  const heap = await measureHeap(heapRenders, gc);
  const bytes = heap.samples.map((sample) => sample.heapBytes);
  const growth = bytes[bytes.length - 1] - bytes[0];
  const afterWarmup = bytes[bytes.length - 1] - bytes[1];
  console.log(`heap after gc, MB: ${bytes.map((b) => (b / 1024 / 1024).toFixed(2)).join(' -> ')}`);
  console.log(
    `growth: ${(growth / 1024).toFixed(1)} KB in all, ${(afterWarmup / 1024).toFixed(1)} KB after the first sample ` +
      `(${heap.seconds.toFixed(1)} s, ${Math.round(heapRenders / heap.seconds)} renders/s)`,
  );
  const flat = Math.abs(afterWarmup) < 1024 * 1024;
  console.log(
    `\nGoal: full path >= 0.5x the bare render: ${ratio.toFixed(3)}x ${ratio >= 0.5 ? 'met' : 'NOT met'}` +
      `\nGoal: flat heap (under 1 MB of growth after warm-up): ${flat ? 'met' : 'NOT met'}`,
  );
  if (sink === 0) throw new Error('every render was empty');

  if (!quick) {
    const dir = new URL('../results/', import.meta.url);
    mkdirSync(dir, { recursive: true });
    const report = {
      date: new Date().toISOString(),
      node: process.version,
      throughput: perSecond,
      fullVsBare: ratio,
      heap: {
        renders: heapRenders,
        samples: heap.samples,
        growthBytes: growth,
        growthAfterWarmupBytes: afterWarmup,
      },
    };
    writeFileSync(new URL('render-path.json', dir), `${JSON.stringify(report, null, 2)}\n`);
    console.log('Wrote benchmarks/results/render-path.json');
  }
  return 0;
}

process.exitCode = await main();
