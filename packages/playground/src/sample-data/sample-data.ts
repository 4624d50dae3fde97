/**
 * The sample data a template is rendered with, written as JSON under the names the template reads:
 * `{"UserAttribute": {...}, "EventAttribute": {...}, "ContentBlock": {...}, "ProductSet": {...}, "ContentApi": {...}}`.
 */
import type { MemoryStore, RenderInput } from '@personalize/core';
import type { Node } from 'jsonc-parser';
import type { EditorProblem } from '../draft/draft';
import { members, readJson } from '../message/json-document';

/** The data objects the sample data may hold, as templates name them. */
export const DATA_OBJECTS = [
  'UserAttribute',
  'EventAttribute',
  'ContentBlock',
  'ProductSet',
  'ContentApi',
] as const;

/** One of the data objects. */
export type DataObject = (typeof DATA_OBJECTS)[number];

/** The sample data, ready to render with. */
export interface SampleData {
  /** The attributes, as a request supplies them. */
  readonly input: RenderInput;
  /** The content blocks, product sets and content API results, as a workspace holds them. */
  readonly store: MemoryStore;
  /** The names each data object holds, to tell what a template reads that is missing. */
  readonly names: Readonly<Record<DataObject, ReadonlySet<string>>>;
}

/** The sample data, or what is wrong with it. */
export type SampleDataReading =
  | { readonly ok: true; readonly data: SampleData }
  | { readonly ok: false; readonly problems: readonly EditorProblem[] };

/** What each data object must map its names to, checked on every member. */
const MEMBER_RULES: Partial<Record<DataObject, { test: (node: Node) => boolean; want: string }>> = {
  ContentBlock: { test: (node) => node.type === 'string', want: "a string (the block's template)" },
  ProductSet: { test: (node) => node.type === 'array', want: 'a list of products' },
};

function problemAt(node: Node, message: string): EditorProblem {
  return {
    editor: 'sampleData',
    from: node.offset,
    to: node.offset + node.length,
    severity: 'error',
    message,
  };
}

/** The names the sample data holds, per data object. */
function namesIn(data: Partial<Record<DataObject, Record<string, unknown>>>): SampleData['names'] {
  const names = (object: DataObject) => new Set(Object.keys(data[object] ?? {}));
  return {
    UserAttribute: names('UserAttribute'),
    EventAttribute: names('EventAttribute'),
    ContentBlock: names('ContentBlock'),
    ProductSet: names('ProductSet'),
    ContentApi: names('ContentApi'),
  };
}

const EMPTY: SampleData = { input: {}, store: {}, names: namesIn({}) };

/**
 * Reads the sample data editor's text; empty text is no data.
 *
 * @example
 * readSampleData('{"UserAttribute": {"City": "Berlin"}}') // { ok: true, data: { input: { userAttributes: { City: 'Berlin' } }, ... } }
 */
export function readSampleData(text: string): SampleDataReading {
  if (text.trim() === '') return { ok: true, data: EMPTY };
  const document = readJson(text, 'sampleData');
  if (!document.ok) return document;
  if (document.root.type !== 'object') {
    return {
      ok: false,
      problems: [
        problemAt(document.root, `the sample data must be an object with ${DATA_OBJECTS.join(', ')}`),
      ],
    };
  }
  const problems: EditorProblem[] = [];
  for (const [key, { key: keyNode, value }] of members(document.root)) {
    if (!(DATA_OBJECTS as readonly string[]).includes(key)) {
      problems.push(
        problemAt(keyNode, `unknown data object '${key}': the sample data holds ${DATA_OBJECTS.join(', ')}`),
      );
      continue;
    }
    if (value.type !== 'object') {
      problems.push(problemAt(value, `${key} must be an object of values by name`));
      continue;
    }
    const rule = MEMBER_RULES[key as DataObject];
    if (rule === undefined) continue;
    for (const [name, member] of members(value)) {
      if (!rule.test(member.value))
        problems.push(problemAt(member.value, `${key}['${name}'] must be ${rule.want}`));
    }
  }
  if (problems.length > 0) return { ok: false, problems };

  // The tree said the text is valid JSON; JSON.parse keeps a key such as `__proto__` an ordinary key.
  const parsed = JSON.parse(text) as Partial<Record<DataObject, Record<string, unknown>>>;
  return {
    ok: true,
    data: {
      input: { userAttributes: parsed.UserAttribute ?? {}, eventAttributes: parsed.EventAttribute ?? {} },
      store: {
        contentBlocks: parsed.ContentBlock as Record<string, string> | undefined,
        productSets: parsed.ProductSet as Record<string, unknown[]> | undefined,
        contentApis: parsed.ContentApi as MemoryStore['contentApis'],
      },
      names: namesIn(parsed),
    },
  };
}
