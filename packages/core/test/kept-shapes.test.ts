/**
 * A full collection between renders keeps the engine's optimized code (kept-shapes.ts): the maps of a render's
 * objects outlive the render, so V8 throws away no code built on them. Before, each collection between renders
 * cost the next 50-100 ms of renders a factor of 2 to 25.
 */
import { describe, expect, it } from 'vitest';
import { compile, Template } from '../src/index';
import { itOnBuiltEngine } from './helpers/built-engine';

/** The functions V8 deoptimized because a map their code was built on was collected, one name per time. */
function droppedForWeakMaps(trace: string): string[] {
  return trace
    .split('\n')
    .filter((line) => line.includes('reason: weak objects'))
    .map((line) => /<SharedFunctionInfo ?([^>]*)>/.exec(line)?.[1] ?? '?');
}

describe('the maps of a render objects outlive it', () => {
  it('are held by objects of each kind, kept by the Template class', () => {
    const kept = Template.keptShapes;
    expect(kept.length).toBeGreaterThan(10);
    // Rendering does not replace or grow them.
    compile('{% for x in xs %}{{ loop.index }}{{ x * 1.5 }}{% endfor %}').render({ xs: [1, 2] });
    expect(Template.keptShapes).toBe(kept);
  });

  itOnBuiltEngine(
    'a full collection between renders of the built engine makes V8 drop no optimized code of the engine',
    // Optimized on the main thread, as soon as V8 decides to: on a loaded machine a background compile of the
    // control could finish after the collection, and the control would show nothing.
    {
      flags: ['--expose-gc', '--trace-deopt', '--no-concurrent-recompilation'],
      fixture: 'kept-shapes.mjs',
      timeoutMs: 60_000,
    },
    (trace) => {
      expect(trace).toMatch(/^rendered \d+$/m);
      const dropped = droppedForWeakMaps(trace);
      // The control, whose objects die between calls, shows that V8 reports what is looked for.
      expect(dropped).toContain('controlShape');
      expect(dropped.filter((name) => name !== 'controlShape' && name !== 'Dropped')).toEqual([]);
    },
  );
});
