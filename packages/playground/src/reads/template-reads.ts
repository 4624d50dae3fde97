/**
 * What a message reads from the data objects, known before it renders (from each compiled template's
 * `names`), and whether the sample data has it. Content blocks the sample data holds count with what they read.
 */
import { compile, type TemplateNames } from '@personalize/core';
import { DATA_OBJECTS, type DataObject, type SampleData } from '../sample-data/sample-data';

/** One name read from a data object, and whether the sample data has it. */
export interface NameRead {
  readonly name: string;
  readonly present: boolean;
}

/** What the message reads from one data object. */
export interface ObjectRead {
  readonly object: DataObject;
  /** The names read, or `'all'` when the object is used whole or read by a computed name. */
  readonly names: readonly NameRead[] | 'all';
  /** For `'all'`: how many names the sample data has for it. */
  readonly sampleCount: number;
}

/** What a content block's template reads; nothing when it does not compile. */
function blockNames(source: string): TemplateNames | undefined {
  try {
    return compile(source).names;
  } catch {
    return undefined;
  }
}

/**
 * What templates with these `names` read, content blocks followed through the sample data's blocks, each name
 * marked present or missing; only the objects read at all, in the order of `DATA_OBJECTS`.
 */
export function messageReads(templates: readonly TemplateNames[], sample: SampleData): ObjectRead[] {
  const all = new Set<DataObject>();
  const read = new Map<DataObject, Set<string>>();
  const blocks = sample.store.contentBlocks ?? {};
  const followed = new Set<string>();
  const pending = [...templates];

  const follow = (block: string) => {
    if (followed.has(block) || !Object.hasOwn(blocks, block)) return;
    followed.add(block);
    const names = blockNames(blocks[block]);
    if (names !== undefined) pending.push(names);
  };

  // In order: the message's templates first, then the blocks they name, then the blocks those name.
  for (let names = pending.shift(); names !== undefined; names = pending.shift()) {
    for (const object of DATA_OBJECTS) {
      if (!names.variables.includes(object)) continue;
      if (names.wholeVariables.includes(object)) all.add(object);
      const set = read.get(object) ?? new Set<string>();
      for (const member of names.members[object] ?? []) set.add(member);
      read.set(object, set);
    }
    if (all.has('ContentBlock')) for (const block of Object.keys(blocks)) follow(block);
    for (const block of read.get('ContentBlock') ?? []) follow(block);
  }

  return DATA_OBJECTS.filter((object) => read.has(object)).map((object) => {
    const present = sample.names[object];
    return {
      object,
      names: all.has(object)
        ? 'all'
        : [...(read.get(object) ?? [])].map((name) => ({ name, present: present.has(name) })),
      sampleCount: present.size,
    };
  });
}
