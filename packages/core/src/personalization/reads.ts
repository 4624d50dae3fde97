/**
 * What a compiled template reads from the personalization objects, known before it runs: the basis of
 * prefetching. It comes from `Template.names` (constant member reads and whole uses of each render variable).
 */

import type { Span } from '../parser/ast';
import { parse } from '../parser/parser';
import { DICT_ATTRIBUTE_NAMES } from '../runtime/methods';
import type { Template } from '../template';

/** The render variable of each personalization object. */
export const OBJECTS = {
  user: 'UserAttribute',
  event: 'EventAttribute',
  block: 'ContentBlock',
  api: 'ContentApi',
  productSet: 'ProductSet',
} as const;

/** Every member of the data object is needed: it is used whole, or read by a computed name. */
export const ALL = 'all';

/** The members a template reads from one data object: names, `ALL`, or `undefined` when it does not read it. */
export type MemberReads = readonly string[] | typeof ALL | undefined;

/** What one template reads. */
export interface TemplateReads {
  /** `UserAttribute` members. */
  readonly user: MemberReads;
  /** `EventAttribute` is read at all. */
  readonly event: boolean;
  /** `ContentBlock` names. */
  readonly blocks: MemberReads;
  /** `ProductSet` names. */
  readonly productSets: MemberReads;
  /** `ContentApi` is read at all (its calls are found by running the template: their arguments are values). */
  readonly contentApi: boolean;
}

function memberReads(template: Template, variable: string): MemberReads {
  const names = template.names;
  if (!names.variables.includes(variable)) return undefined;
  if (names.wholeVariables.includes(variable)) return ALL;
  const members = names.members[variable] ?? [];
  return members.some((member) => DICT_ATTRIBUTE_NAMES.has(member)) ? ALL : members;
}

const analysed = new WeakMap<Template, TemplateReads>();

/** What `template` reads from the personalization objects (computed once per compiled template). */
export function readsOf(template: Template): TemplateReads {
  let reads = analysed.get(template);
  if (reads === undefined) {
    const variables = template.names.variables;
    reads = {
      user: memberReads(template, OBJECTS.user),
      event: variables.includes(OBJECTS.event),
      blocks: memberReads(template, OBJECTS.block),
      productSets: memberReads(template, OBJECTS.productSet),
      contentApi: variables.includes(OBJECTS.api),
    };
    analysed.set(template, reads);
  }
  return reads;
}

/**
 * True when `text` holds a personalization token, `{{ ... }}`: such a string inside a content API argument is a
 * template. Found with `indexOf` (a lazy pattern would rescan the rest of the text from every unclosed `{{`).
 */
function hasToken(text: string): boolean {
  const open = text.indexOf('{{');
  return open >= 0 && text.indexOf('}}', open + 2) >= 0;
}

function collectTokenStrings(value: unknown, out: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectTokenStrings(item, out);
    return;
  }
  if (!isNode(value)) return;
  if (value.type === 'Const' && typeof value.value === 'string' && hasToken(value.value))
    out.add(value.value);
  for (const key of Object.keys(value)) {
    const child = value[key];
    if (typeof child === 'object' && child !== null) collectTokenStrings(child, out);
  }
}

const argumentSources = new WeakMap<Template, readonly string[]>();

/**
 * The templates a template may pass inside its content API arguments: the string literals written in its
 * text that hold a `{{ ... }}` token (none when it does not call `ContentApi`). Such a string, when it is in
 * the argument of a call, is rendered with the render's data before the call; strings that come from data
 * (a user attribute, an API result) are sent as they are, so a value a user typed is never run as a template.
 *
 * @example
 * contentApiArgumentSources(compile(`{{ ContentApi.v({"params": {"id": "{{UserAttribute['ID']}}"}}) }}`));
 * // ["{{UserAttribute['ID']}}"]
 */
export function contentApiArgumentSources(template: Template): readonly string[] {
  let sources = argumentSources.get(template);
  if (sources === undefined) {
    const found = new Set<string>();
    // Parsed again, once per template that calls ContentApi: the compiled form keeps no syntax tree.
    if (template.names.variables.includes(OBJECTS.api)) collectTokenStrings(parse(template.source), found);
    sources = [...found];
    argumentSources.set(template, sources);
  }
  return sources;
}

/** The personalization variables a template reads that are not among `allowed`. */
export function objectsOutside(template: Template, allowed: readonly string[]): string[] {
  const all: readonly string[] = Object.values(OBJECTS);
  return template.names.variables.filter((name) => all.includes(name) && !allowed.includes(name));
}

/** True for a syntax node: the walk below descends through any object that has a `type`. */
function isNode(value: unknown): value is Span & { type: string } & Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
  );
}

function findReference(value: unknown, variable: string, member: string): Span | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findReference(item, variable, member);
      if (found) return found;
    }
    return undefined;
  }
  if (!isNode(value)) return undefined;
  const target = value.node;
  if (isNode(target) && target.type === 'Name' && target.name === variable) {
    // The place of the variable's name: where the reference starts.
    if (value.type === 'Getattr' && value.attr === member) return target;
    const arg = value.arg;
    if (value.type === 'Getitem' && isNode(arg) && arg.type === 'Const' && arg.value === member)
      return target;
  }
  for (const key of Object.keys(value)) {
    const child = value[key];
    if (typeof child === 'object' && child !== null) {
      const found = findReference(child, variable, member);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Where `source` first reads `variable.member` (as `variable.member` or `variable['member']`), to place an
 * error there. Only runs on the error path, so parsing again is fine.
 */
export function referenceTo(source: string, variable: string, member: string): Span | undefined {
  try {
    return findReference(parse(source), variable, member);
  } catch {
    return undefined;
  }
}
