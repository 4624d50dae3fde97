/**
 * The bulk benchmark's message and export: a short message (a subject and a body reading five attributes through
 * filters) and generated users, one JSON object of attributes a line, with the text each must render to.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';

/** The message template: a `.json` payload whose string values are templates. */
export const BULK_MESSAGE = {
  subject:
    "{{ UserAttribute['First Name']|default('there')|title }}, your {{ UserAttribute['Plan']|default('basic')|upper }} offer",
  body:
    "Hi {{ UserAttribute['First Name']|default('there')|title }},\nyour {{ UserAttribute['City']|default('nearest') }} " +
    "store has {{ UserAttribute['Points']|default(0)|int }} points " +
    "({{ '%.2f'|format(UserAttribute['Balance']|default(0)|float) }} EUR) for you.",
};

const CITIES = ['Berlin', 'Paris', 'Lisbon', 'Oslo', 'Rome'];

/** The attributes of generated user `i` (from 1). */
export function bulkUser(i: number): Record<string, unknown> {
  return {
    id: `x-${i}`,
    'First Name': `user ${i}`,
    Plan: i % 3 === 0 ? 'basic' : 'gold',
    City: CITIES[i % 5],
    Points: i % 1000,
    Balance: (i % 997) / 7,
  };
}

/** The payload user `i` must render to (as Python's Jinja2 prints it: `%.2f` never meets a tie here). */
export function bulkExpected(i: number): { subject: string; body: string } {
  return {
    subject: `User ${i}, your ${i % 3 === 0 ? 'BASIC' : 'GOLD'} offer`,
    body: `Hi User ${i},\nyour ${CITIES[i % 5]} store has ${i % 1000} points (${((i % 997) / 7).toFixed(2)} EUR) for you.`,
  };
}

/** Writes `count` generated users to `path`, one JSON object a line. */
export async function writeBulkUsers(path: string, count: number): Promise<void> {
  const out = createWriteStream(path);
  let chunk: string[] = [];
  for (let i = 1; i <= count; i++) {
    chunk.push(JSON.stringify(bulkUser(i)));
    if (chunk.length === 10_000 || i === count) {
      if (!out.write(`${chunk.join('\n')}\n`)) await once(out, 'drain');
      chunk = [];
    }
  }
  out.end();
  await once(out, 'close');
}

/** Checks a bulk output of `lines` generated users: every line numbered in order, every 1,009th line's payload. */
export async function checkBulkOutput(path: string, lines: number): Promise<void> {
  let index = 0;
  for await (const text of createInterface({
    input: createReadStream(path),
    crlfDelay: Number.POSITIVE_INFINITY,
  })) {
    index++;
    if (!text.startsWith(`{"line":${index},"status":"sent",`))
      throw new Error(`output line ${index}: ${text}`);
    if (index % 1009 === 1) {
      const want = JSON.stringify({ line: index, status: 'sent', payload: bulkExpected(index) });
      if (text !== want) throw new Error(`output line ${index}: ${text}\nexpected ${want}`);
    }
  }
  if (index !== lines) throw new Error(`the output has ${index} lines, not ${lines}`);
}
