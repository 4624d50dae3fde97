/**
 * What the property tests of the API boundaries share: an app that records unexpected errors and never
 * rate-limits, the error shape every refusal must have, printable header values, and valid bodies made invalid.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { silent, testApp } from './workspace';

/** The test app with a 64 KiB body cap and no rate limit; `errors` collects what it logs as unexpected. */
export function watchedApp(): { app: ReturnType<typeof testApp>; errors: string[] } {
  const errors: string[] = [];
  const logger = silent.child({});
  logger.error = ((obj: unknown, msg?: string) => {
    errors.push(`${msg}: ${String((obj as { err?: unknown }).err)}`);
  }) as typeof logger.error;
  const app = testApp({
    logger,
    maxBodyBytes: 64 * 1024,
    rateLimits: {
      consume: async (_k, limit, _s, end) => ({ allowed: true, remaining: limit, reset: end / 1000 }),
    },
  });
  return { app, errors };
}

/** A refusal in the preview error shape: a message, and details that each name a target and say what is wrong. */
export function expectErrorShape(
  error: { message?: unknown; details?: { target?: unknown; message?: unknown }[] } | undefined,
): void {
  expect(typeof error?.message).toBe('string');
  expect(Array.isArray(error?.details) && error.details.length > 0).toBe(true);
  for (const detail of error?.details ?? []) {
    expect(typeof detail.target).toBe('string');
    expect(typeof detail.message).toBe('string');
    expect(detail.message).not.toMatch(/\n\s+at /);
  }
}

/** Printable ASCII header values, up to `maxLength` characters. */
export function headerText(maxLength: number): fc.Arbitrary<string> {
  return fc.string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    maxLength,
  });
}

/** Any JSON value. */
export type Json = unknown;

/** One random change to a JSON document: where (seeds picking keys), what, and the new value. */
const mutation = fc.record({
  pathSeeds: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
  action: fc.constantFrom('replace', 'delete', 'wrap', 'stringify'),
  replacement: fc.jsonValue({ maxDepth: 2 }),
});

/** A copy of `value` with the value at a random path replaced, removed, or its container changed. */
function mutate(value: Json, seeds: number[], action: string, replacement: Json): Json {
  if (seeds.length === 0 || typeof value !== 'object' || value === null) {
    if (action === 'wrap') return [value];
    if (action === 'stringify') return JSON.stringify(value);
    return replacement;
  }
  const keys = Object.keys(value);
  if (keys.length === 0) return replacement;
  const key = keys[seeds[0] % keys.length];
  const copy: Record<string, Json> = Array.isArray(value)
    ? ([...value] as unknown as Record<string, Json>)
    : { ...value };
  if (action === 'delete' && seeds.length === 1) {
    delete copy[key];
    return copy;
  }
  copy[key] = mutate((value as Record<string, Json>)[key], seeds.slice(1), action, replacement);
  return copy;
}

/** `valid()` with one to three random mutations applied. */
export function mutatedBodies(valid: () => Json): fc.Arbitrary<Json> {
  return fc.array(mutation, { minLength: 1, maxLength: 3 }).map((mutations) => {
    let body = valid();
    for (const m of mutations) body = mutate(body, m.pathSeeds, m.action, m.replacement);
    return body;
  });
}
