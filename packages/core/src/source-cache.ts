/**
 * Values kept by template source in a bounded LRU cache (`lru-cache`), found without hashing the whole source.
 *
 * A `Map` keyed by a string hashes every character of the key the first time that string is used, and a
 * server's sources are new strings on every request (each body is parsed anew): for a preview of a few
 * kilobytes the hashing cost more than rendering the short templates. Here a source is filed under a
 * fingerprint (its length and 64 characters sampled across it; a short source is its own key), and the
 * entries under one fingerprint are told apart by comparing the sources whole, which is a memory compare.
 * Sources that share a fingerprint (variants of one length that differ only between the sampled characters)
 * share a bucket of at most `BUCKET_SIZE` entries, the most recently used first.
 */
import { LRUCache } from 'lru-cache';

/** Sources up to this length are their own key: fingerprinting them would not be cheaper. */
const SHORT_SOURCE = 64;
/** Characters sampled across a longer source. */
const SAMPLES = 64;
/** Entries kept under one fingerprint. */
const BUCKET_SIZE = 4;

interface Entry<V> {
  readonly source: string;
  readonly value: V;
}

/** The key a source is filed under. Equal sources have equal keys; different ones usually differ. */
export function fingerprint(source: string): string {
  const length = source.length;
  if (length <= SHORT_SOURCE) return source;
  // FNV-1a over the sampled UTF-16 code units, spread evenly from the first to the last.
  let hash = 0x811c9dc5;
  const step = (length - 1) / (SAMPLES - 1);
  for (let i = 0; i < SAMPLES; i++) {
    hash = Math.imul(hash ^ source.charCodeAt(Math.round(i * step)), 0x01000193);
  }
  return `\u0000${length}:${hash >>> 0}`;
}

/** Bounds of a `SourceCache`. */
export interface SourceCacheBounds {
  /** Most fingerprints kept (each holds up to four sources). */
  readonly max: number;
  /** Most source characters kept, times 8 (a compiled template is roughly proportional to its source). */
  readonly maxSize: number;
}

/**
 * An LRU cache from template source to a value (a compiled template), looked up by fingerprint.
 *
 * @example
 * const cache = new SourceCache<Template>({ max: 5_000, maxSize: 64 * 1024 * 1024 });
 * const template = cache.get(source) ?? cache.set(source, compile(source));
 */
export class SourceCache<V> {
  private readonly buckets: LRUCache<string, readonly Entry<V>[]>;

  constructor(bounds: SourceCacheBounds) {
    this.buckets = new LRUCache<string, readonly Entry<V>[]>({
      max: bounds.max,
      maxSize: bounds.maxSize,
      sizeCalculation: (bucket) => {
        let characters = 0;
        for (const entry of bucket) characters += entry.source.length;
        return Math.max(1, characters * 8);
      },
    });
  }

  /** The value kept for `source`, or `undefined`. */
  get(source: string): V | undefined {
    const bucket = this.buckets.get(fingerprint(source));
    if (bucket === undefined) return undefined;
    for (const entry of bucket) if (entry.source === source) return entry.value;
    return undefined;
  }

  /** Keeps `value` for `source` (first in its bucket, which drops its oldest entry when full); returns `value`. */
  set(source: string, value: V): V {
    const key = fingerprint(source);
    const others = (this.buckets.peek(key) ?? []).filter((entry) => entry.source !== source);
    // A new array each time, so that the cache sizes the bucket anew.
    this.buckets.set(key, [{ source, value }, ...others.slice(0, BUCKET_SIZE - 1)]);
    return value;
  }
}
