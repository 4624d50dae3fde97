import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADS } from '../src/runtime/property-load-copies';

// The copies are handed out from module state: each test starts from a fresh module.
let keyed: typeof import('../src/runtime/keyed-access');
const COPIES = LOADS.length;

beforeEach(async () => {
  vi.resetModules();
  keyed = await import('../src/runtime/keyed-access');
});

describe('propertyLoad: one copy of the read per key and kind of object', () => {
  it('gives one read the same copy every time it is asked', () => {
    expect(keyed.propertyLoad('price', 'item')).toBe(keyed.propertyLoad('price', 'item'));
    expect(keyed.propertyLoad('price')).toBe(keyed.propertyLoad('price'));
  });

  it('gives the same key read from two owners two copies while there are copies to give', () => {
    const fromItem = keyed.propertyLoad('price', 'item');
    const fromVariant = keyed.propertyLoad('price', 'variant');
    const unowned = keyed.propertyLoad('price');
    expect(new Set([fromItem, fromVariant, unowned]).size).toBe(3);
  });

  it('once every copy is given, shares a key with its first owner rather than with another key', () => {
    const first = keyed.propertyLoad('price', 'item');
    const given = [first];
    for (let i = 0; given.length < COPIES; i++) given.push(keyed.propertyLoad(`key${i}`, 'item'));
    expect(new Set(given).size).toBe(COPIES);
    expect(keyed.propertyLoad('price', 'variant')).toBe(first);
    expect(keyed.propertyLoad('price', 'line')).toBe(first);
    // A key never seen before still gets a copy.
    expect(given).toContain(keyed.propertyLoad('fresh', 'item'));
  });

  it('does not remember very long names, and gives one long key the same copy from every owner', () => {
    const long = 'k'.repeat(300);
    const first = keyed.propertyLoad(long, 'item');
    expect(keyed.propertyLoad(long, 'variant')).toBe(first);
    expect(keyed.propertyLoad(long)).toBe(first);
    // Short keys still get copies of their own.
    expect(keyed.propertyLoad('price', 'item')).not.toBe(keyed.propertyLoad('price', 'variant'));
  });

  it('every copy reads a plain object own value and refuses anything else', () => {
    const loads = new Set<ReturnType<typeof keyed.propertyLoad>>();
    for (let i = 0; i < COPIES + 100; i++) loads.add(keyed.propertyLoad(`k${i}`, i % 2 === 0 ? 'a' : ''));
    expect(loads.size).toBe(COPIES);
    class Product {
      price = 3;
    }
    for (const load of loads) {
      expect(load({ price: 3 }, 'price')).toBe(3);
      expect(load({}, 'price')).toBeUndefined();
      expect(load(new Product() as never, 'price')).toBe(keyed.NOT_PLAIN);
      expect(load(new Map() as never, 'size')).toBe(keyed.NOT_PLAIN);
    }
  });

  it('has 1024 copies, each a function of its own with the same text', () => {
    expect(COPIES).toBe(1024);
    expect(new Set(LOADS).size).toBe(COPIES);
    const text = LOADS[0].toString();
    expect(text).toContain('object.constructor === Object ? object[key] : NOT_PLAIN');
    for (const load of LOADS) expect(load.toString()).toBe(text);
  });
});
