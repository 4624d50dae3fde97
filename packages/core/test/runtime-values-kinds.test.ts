/**
 * The tests of a value's kind that run at every dict read and write (`isIndexLike`, `isPlainObject`), each with a
 * quick first answer: it must be what the plain definition answers, on the values where a mistake would show.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isIndexLike, isPlainObject, Markup, PyCallable, tuple, Undefined } from '../src/runtime/values';

describe('isIndexLike', () => {
  it('is whether the key is digits alone, without a leading zero (as JavaScript lists such keys first)', () => {
    const key = fc.oneof(
      fc.string(),
      fc.stringMatching(/^[0-9]{0,4}[a-z]?$/),
      fc.constantFrom('', '0', '00', '01', '10', '4294967295', '1e3', '-1', ' 1', '1 ', '٣'),
    );
    fc.assert(
      fc.property(key, (k) => {
        expect(isIndexLike(k)).toBe(/^(0|[1-9]\d*)$/.test(k));
      }),
    );
  });
});

describe('isPlainObject', () => {
  const byPrototype = (v: object) => {
    const proto = Object.getPrototypeOf(v);
    return proto === Object.prototype || proto === null;
  };

  it('is whether the object is a plain one of the data or a literal, whatever its keys', () => {
    const keyed = fc.dictionary(
      fc.constantFrom('constructor', '__proto__', 'a', 'prototype', '0'),
      fc.jsonValue(),
    );
    const made = fc.oneof(
      keyed.map((d) => ({ ...d })),
      keyed.map((d) => Object.assign(Object.create(null), d)),
      fc.jsonValue().map((v) => JSON.parse(JSON.stringify({ constructor: v, v }))),
    );
    fc.assert(
      fc.property(made, (v) => {
        expect(isPlainObject(v)).toBe(byPrototype(v));
      }),
    );
  });

  it('is false for the engine objects and the other kinds a template holds', () => {
    const others: object[] = [
      [],
      tuple([1]),
      new Map(),
      new Set(),
      new Date(0),
      new Markup('x'),
      new Undefined('x'),
      new PyCallable('f', () => null),
    ];
    for (const v of others) expect(isPlainObject(v)).toBe(byPrototype(v));
  });
});
