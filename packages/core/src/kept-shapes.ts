/**
 * One object of each kind a render makes and then drops, kept for the life of the process.
 *
 * V8 keeps an object's hidden class (its map) only while some object has it, and code it optimized on a map is
 * thrown away when the map is collected. A render's objects (its `Run`, its frames, the floats, tuples, loop
 * contexts and undefined values it makes) are all garbage once it returns, so a full collection between renders
 * (an idle server's memory reducer, a benchmark harness calling `gc()`) took their maps and every optimized
 * closure built on them: the next renders ran 2x-25x slower for 50-100 ms while V8 optimized them again. Hand-
 * written code keeps its maps through the data it holds. These objects hold the maps instead (their fields set
 * as a render sets them, so they have the maps renders make).
 */
import { Frame, Run } from './compiler/frame';
import { DEFAULT_LIMITS } from './limits';
import type { Registry } from './runtime/state';
import {
  Markup,
  markRange,
  Namespace,
  NO_OBJECT,
  PyFloat,
  pyIterator,
  tuple,
  Undefined,
} from './runtime/values';

/** The objects, made once for `registry` (any registry: only the shapes matter). */
export function keptShapes(registry: Registry): readonly unknown[] {
  const run = new Run({}, DEFAULT_LIMITS, registry, () => new Date());
  // A render with a time budget sets its deadline to the clock's time in milliseconds, which is no small int.
  run.deadline = Date.now() + DEFAULT_LIMITS.timeoutMs;
  const frame = new Frame([], null, run);
  const namespace = Namespace.ofKeywords({ total: 0 });
  namespace.set('total', 1.5);
  return [
    run,
    frame,
    new Frame([], frame, run),
    namespace,
    new PyFloat(1),
    new Undefined('name', NO_OBJECT),
    new Undefined('name', {}, 'hint'),
    new Markup(''),
    // Marked lists: the mark is a property, so each kind of array (ints, floats, anything) has its own map.
    tuple(['key', 'value']),
    tuple([1, 2]),
    tuple([1.5, 2.5]),
    pyIterator([], 'generator', 'select_or_reject'),
    pyIterator(['item'], 'generator', 'select_or_reject'),
    pyIterator([1, 2], 'generator', 'select_or_reject'),
    pyIterator([1.5, 2.5], 'generator', 'select_or_reject'),
    markRange([0, 1], 0, 2, 1),
    // `range()` fills an array made at its length, whose kind is another.
    markRange(rangeItems(), 0, 2, 1),
  ];
}

function rangeItems(): number[] {
  const items = new Array<number>(2);
  items[0] = 0;
  items[1] = 1;
  return items;
}
