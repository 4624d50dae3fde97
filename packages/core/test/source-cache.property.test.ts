import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fingerprint, SourceCache } from '../src/source-cache';

const RUNS = Number(process.env.FC_RUNS ?? 500);

/** Sources of one length that differ in a single character: the variants that can share a fingerprint. */
const variants = fc
  .tuple(fc.string({ minLength: 65, maxLength: 400 }), fc.array(fc.nat(), { minLength: 1, maxLength: 12 }))
  .map(([base, positions]) =>
    positions.map((position) => {
      const at = position % base.length;
      const replaced = base.charCodeAt(at) === 0x78 ? 'y' : 'x';
      return base.slice(0, at) + replaced + base.slice(at + 1);
    }),
  );

describe('SourceCache', () => {
  it('gives back what was kept for the same text, never what was kept for another', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ maxLength: 80 }), fc.string({ minLength: 60, maxLength: 300 })), {
          maxLength: 30,
        }),
        variants,
        (mixed, similar) => {
          const cache = new SourceCache<string>({ max: 1_000, maxSize: 1 << 30 });
          const sources = [...mixed, ...similar];
          // Each value is the source itself, copied so that the cache compares text, not identity.
          for (const source of sources) cache.set(source, ` ${source}`.slice(1));
          for (const source of mixed) expect(cache.get(` ${source}`.slice(1))).toBe(source);
          for (const source of similar) {
            const found = cache.get(` ${source}`.slice(1));
            // Four variants under one fingerprint stay; a fifth may push the oldest out.
            if (found !== undefined) expect(found).toBe(source);
          }
          // The newest variant is always there.
          expect(cache.get(similar[similar.length - 1])).toBe(similar[similar.length - 1]);
          expect(cache.get(`${sources.join('')}!`)).toBeUndefined();
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('keeps up to four sources that share a fingerprint, the newest first', () => {
    const base = 'a'.repeat(300);
    // Position 1 is not sampled (samples fall about 4.7 characters apart): these five share a fingerprint.
    const sources = ['b', 'c', 'd', 'e', 'f'].map((letter) => `a${letter}${base.slice(2)}`);
    expect(new Set(sources.map(fingerprint)).size).toBe(1);
    const cache = new SourceCache<number>({ max: 10, maxSize: 1 << 20 });
    sources.forEach((source, index) => {
      cache.set(source, index);
    });
    expect(sources.map((source) => cache.get(source))).toEqual([undefined, 1, 2, 3, 4]);
    cache.set(sources[1], 10);
    expect(cache.get(sources[1])).toBe(10);
  });

  it('gives equal sources equal fingerprints, and short sources their own text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 500 }), (source) => {
        const copy = ` ${source}`.slice(1);
        expect(fingerprint(copy)).toBe(fingerprint(source));
        if (source.length <= 64) expect(fingerprint(source)).toBe(source);
      }),
      { numRuns: RUNS },
    );
  });

  it('drops the least recently used buckets past its bounds', () => {
    const cache = new SourceCache<number>({ max: 2, maxSize: 1 << 20 });
    cache.set('one', 1);
    cache.set('two', 2);
    cache.get('one');
    cache.set('three', 3);
    expect([cache.get('one'), cache.get('two'), cache.get('three')]).toEqual([1, undefined, 3]);
    const sized = new SourceCache<number>({ max: 100, maxSize: 8 * 100 });
    sized.set('x'.repeat(70), 1);
    sized.set('y'.repeat(70), 2);
    expect(sized.get('x'.repeat(70))).toBeUndefined();
    expect(sized.get('y'.repeat(70))).toBe(2);
  });
});
