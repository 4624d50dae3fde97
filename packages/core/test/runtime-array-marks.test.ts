import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arrayMarks } from '../src/runtime/array-marks';
import { dictView, dictViewKind } from '../src/runtime/dict-views';
import { isPlainSequence } from '../src/runtime/operators';
import {
  isTuple,
  iteratorKind,
  markRange,
  NOT_FOUND,
  namedTuple,
  namedTupleField,
  pyIterator,
  rangeOf,
  tuple,
} from '../src/runtime/values';

/** Each way of marking an array, with what every reader must then answer. */
const markings = [
  { name: 'plain list', make: (a: number[]) => a, tuple: false, iterator: false, range: false, view: false },
  { name: 'tuple', make: (a: number[]) => tuple(a), tuple: true, iterator: false, range: false, view: false },
  {
    name: 'namedtuple',
    make: (a: number[]) => namedTuple(a, ['grouper', 'list']),
    tuple: true,
    iterator: false,
    range: false,
    view: false,
  },
  {
    name: 'iterator',
    make: (a: number[]) => pyIterator(a, 'generator', 'sync_do_map'),
    tuple: false,
    iterator: true,
    range: false,
    view: false,
  },
  {
    name: 'range',
    make: (a: number[]) => markRange(a, 0, a.length, 1),
    tuple: false,
    iterator: false,
    range: true,
    view: false,
  },
  {
    name: 'dict view',
    make: (a: number[]) => dictView('dict_values', a),
    tuple: false,
    iterator: false,
    range: false,
    view: true,
  },
];

describe('array marks', () => {
  it('each marked array answers its own mark and no other; a plain list has none', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer(), { maxLength: 5 }),
        fc.constantFrom(...markings),
        (items, marking) => {
          const v = marking.make([...items]);
          expect(isTuple(v)).toBe(marking.tuple);
          expect(iteratorKind(v) !== undefined).toBe(marking.iterator);
          expect(rangeOf(v) !== undefined).toBe(marking.range);
          expect(dictViewKind(v) !== undefined).toBe(marking.view);
          expect(arrayMarks(v) === undefined).toBe(marking.name === 'plain list');
          expect(isPlainSequence(v)).toBe(!marking.iterator && !marking.view);
          expect([...v]).toEqual(items);
        },
      ),
    );
  });

  it('a namedtuple answers its fields by name, other arrays none', () => {
    const group = namedTuple(['Apparel', [1, 2]], ['grouper', 'list']);
    expect(namedTupleField(group, 'grouper')).toBe('Apparel');
    expect(namedTupleField(group, 'list')).toEqual([1, 2]);
    expect(namedTupleField(group, 'other')).toBe(NOT_FOUND);
    expect(namedTupleField(tuple(['Apparel']), 'grouper')).toBe(NOT_FOUND);
    expect(iteratorKind(pyIterator([1], 'generator', 'do_items'))).toEqual({
      type: 'generator',
      name: 'do_items',
    });
    expect(rangeOf(markRange([0, 2], 0, 4, 2))).toEqual([0, 4, 2]);
  });

  it('non-arrays have no marks', () => {
    for (const v of ['ab', 3, null, undefined, { 0: 1, length: 1 }, new Map()]) {
      expect(arrayMarks(v)).toBeUndefined();
      expect(isTuple(v)).toBe(false);
      expect(iteratorKind(v)).toBeUndefined();
    }
  });
});
