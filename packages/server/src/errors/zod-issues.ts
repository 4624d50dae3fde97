/**
 * Zod's issues in words a client can act on. Zod gives the path and the kind of problem; the messages here
 * name the field and say what it must be, in the service's style ("... is required but has no value").
 */
import type { core } from 'zod';
import { jsonPath } from './json-path';

/** One problem with a JSON document: where it is and what is wrong. */
export interface JsonProblem {
  /** The path of the offending value (`personalization_details.channel`, `workspaces[0].users[1].id`). */
  readonly path: string;
  /** What is wrong, starting with the path. */
  readonly message: string;
}

/** The JSON name of a value's type, for "got ..." in messages. */
export function jsonTypeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return 'a string';
    case 'number':
      return Number.isInteger(value) ? 'an integer' : 'a number';
    case 'boolean':
      return 'a boolean';
    case 'object':
      return 'an object';
    default:
      return 'nothing';
  }
}

const EXPECTED: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  record: 'an object',
  array: 'an array',
  tuple: 'an array',
};

/** A received value as a message shows it: a string quoted, a number or boolean as it is, anything else by its type. */
function quote(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // Not `String(value)`: an object from the body may carry its own `toString` (`{"toString": ""}` throws).
  return jsonTypeName(value);
}

function describe(issue: core.$ZodIssue, name: string): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return `${name} is required but has no value`;
      return `${name} must be ${EXPECTED[issue.expected] ?? issue.expected}, got ${jsonTypeName(issue.input)}`;
    case 'too_small':
      if (issue.origin === 'string') return `${name} is required but has no value`;
      if (issue.origin === 'array') return `${name} must have at least ${issue.minimum} item(s)`;
      return issue.minimum === 0 && !issue.inclusive
        ? `${name} must be greater than 0`
        : `${name} must be at least ${issue.minimum}`;
    case 'too_big':
      return `${name} must be at most ${issue.maximum}`;
    case 'invalid_value':
      if (issue.input === undefined || issue.input === null) return `${name} is required but has no value`;
      return `${name} must be one of ${issue.values.map(quote).join(', ')}, got ${quote(issue.input)}`;
    case 'invalid_format':
      return `${name} must be ${issue.format === 'url' ? 'an http:// or https:// URL' : `a valid ${issue.format}`}`;
    default:
      return `${name}: ${issue.message}`;
  }
}

/**
 * The problems of a failed parse, one per issue (one per unknown key for `unrecognized_keys`), with `prefix`
 * before each path.
 *
 * @example
 * problems(schema.safeParse(body, { reportInput: true }).error.issues);
 * // [{ path: 'request_id', message: 'request_id is required but has no value' }]
 */
export function problems(
  issues: readonly core.$ZodIssue[],
  prefix: readonly PropertyKey[] = [],
): JsonProblem[] {
  const out: JsonProblem[] = [];
  for (const issue of issues) {
    const at = [...prefix, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const path = jsonPath([...at, key]);
        out.push({ path, message: `${path} is not a known field` });
      }
      continue;
    }
    const path = jsonPath(at);
    out.push({ path, message: describe(issue, path === '' ? 'the document' : path) });
  }
  return out;
}
