/** JSON files named on the command line: read, parsed, and checked to be objects, with errors naming the file. */
import { readFile } from 'node:fs/promises';
import { CommandError, messageOf } from './command-error';

/** A file's text; a file that cannot be read is a `CommandError` naming it. */
export async function readText(path: string, what: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const reason =
      code === 'ENOENT' ? 'it does not exist' : `it cannot be read (${String(code ?? messageOf(error))})`;
    throw new CommandError(`${what} ${path}: ${reason}`);
  }
}

/** What kind of JSON value this is, in words ("an array", "a string"), for messages. */
export function jsonKind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/** True for a JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses JSON text that must hold an object; anything else is a `CommandError` naming `source`. */
export function parseJsonObject(text: string, source: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CommandError(`${source} is not valid JSON: ${messageOf(error)}`);
  }
  if (!isJsonObject(value))
    throw new CommandError(`${source} must hold a JSON object, not ${jsonKind(value)}`);
  return value;
}

/** Reads a JSON file that must hold an object (`--attrs`, `--event-attrs`). */
export async function readJsonObject(path: string, what: string): Promise<Record<string, unknown>> {
  return parseJsonObject(await readText(path, what), `${what} ${path}`);
}
