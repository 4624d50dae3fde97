import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JinjaBridge, type JinjaResult, startJinja } from '../jinja/bridge';
import { areas } from './all-cases';

// The cases themselves are checked here, without the engine, so a broken case is not mistaken for an engine bug.

/** True when `value` survives JSON to Python unchanged: no integral floats are possible in JS, so only shapes matter. */
function isPlainJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number')
    return Number.isFinite(value) && (!Number.isInteger(value) || Number.isSafeInteger(value));
  if (Array.isArray(value)) return value.every(isPlainJson);
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.values(value as Record<string, unknown>).every(isPlainJson);
  }
  return false;
}

const all = areas.flatMap(({ area, cases }) => cases.map((c) => ({ area, ...c })));

let jinja: JinjaBridge;
let results: JinjaResult[];
beforeAll(async () => {
  jinja = await startJinja();
  results = await jinja.render(all);
});
afterAll(() => jinja.close());

describe('the conformance cases', () => {
  it('number at least 600', () => {
    expect(all.length).toBeGreaterThanOrEqual(600);
  });

  it('have unique names within each area', () => {
    const seen = new Set<string>();
    const duplicates = all.map((c) => `${c.area}/${c.name}`).filter((id) => seen.size === seen.add(id).size);
    expect(duplicates).toEqual([]);
  });

  it('carry only JSON data', () => {
    expect(all.filter((c) => c.data !== undefined && !isPlainJson(c.data)).map((c) => c.name)).toEqual([]);
  });

  it('avoid integer-like keys in data, which JS orders first', () => {
    const integerLike = (value: unknown): boolean =>
      Array.isArray(value)
        ? value.some(integerLike)
        : typeof value === 'object' && value !== null
          ? Object.keys(value).some((k) => /^(0|[1-9]\d*)$/.test(k)) || Object.values(value).some(integerLike)
          : false;
    expect(all.filter((c) => integerLike(c.data)).map((c) => c.name)).toEqual([]);
  });

  it('all finish in Jinja2 without a timeout or a memory error', () => {
    const stuck = results.flatMap((r, i) =>
      !r.ok && (r.errorType === 'CaseTimeout' || r.errorType === 'MemoryError') ? [all[i].name] : [],
    );
    expect(stuck).toEqual([]);
  });

  it('write what Jinja2 renders to $DUMP_JINJA when set, for reviewing the cases', () => {
    const target = process.env.DUMP_JINJA;
    if (!target) return;
    const lines = all.map((c, i) => {
      const r = results[i];
      const got = r.ok ? `=> ${JSON.stringify(r.output)}` : `!! ${r.errorType}: ${r.message}`;
      return `${c.area}/${c.name}\n   ${JSON.stringify(c.template)}\n   ${got}`;
    });
    writeFileSync(target, `${lines.join('\n')}\n`);
    expect(lines.length).toBe(all.length);
  });
});
