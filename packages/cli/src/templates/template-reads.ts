/**
 * What templates read from the personalization objects, from `Template.names` (known before they run): the
 * attributes, blocks, content APIs and product sets `check` lists and `bulk` looks at before rendering,
 * including what the tokens written in their content API arguments read.
 */
import { compile, contentApiArgumentSources, type Template } from '@personalize/core';

/** The names read from one object, or `'all'` when it is used whole or read by a computed name. */
export type NamesRead = readonly string[] | 'all';

/** What a set of templates reads, per personalization object. */
export interface TemplateReads {
  /** `UserAttribute` names. */
  readonly userAttributes: NamesRead;
  /** `EventAttribute` names. */
  readonly eventAttributes: NamesRead;
  /** `ContentBlock` names. */
  readonly contentBlocks: NamesRead;
  /** `ContentApi` names (the APIs called). */
  readonly contentApis: NamesRead;
  /** `ProductSet` names. */
  readonly productSets: NamesRead;
}

/** The render variable behind each field of `TemplateReads`. */
export const OBJECT_VARIABLES: Readonly<Record<keyof TemplateReads, string>> = {
  userAttributes: 'UserAttribute',
  eventAttributes: 'EventAttribute',
  contentBlocks: 'ContentBlock',
  contentApis: 'ContentApi',
  productSets: 'ProductSet',
};

function namesRead(templates: readonly Template[], variable: string): NamesRead {
  const names = new Set<string>();
  for (const { names: read } of templates) {
    if (!read.variables.includes(variable)) continue;
    if (read.wholeVariables.includes(variable)) return 'all';
    for (const name of read.members[variable] ?? []) names.add(name);
  }
  return [...names];
}

/** The templates and the tokens of their content API arguments (a token that does not compile reads nothing). */
function withArgumentTokens(templates: readonly Template[]): Template[] {
  const all = [...templates];
  for (const template of templates) {
    for (const source of contentApiArgumentSources(template)) {
      try {
        all.push(compile(source));
      } catch {
        // Reported when the call is made; `check` lists what the template reads.
      }
    }
  }
  return all;
}

/** What these templates read together (a payload's fields, for instance). */
export function templateReads(given: readonly Template[]): TemplateReads {
  const templates = withArgumentTokens(given);
  return {
    userAttributes: namesRead(templates, OBJECT_VARIABLES.userAttributes),
    eventAttributes: namesRead(templates, OBJECT_VARIABLES.eventAttributes),
    contentBlocks: namesRead(templates, OBJECT_VARIABLES.contentBlocks),
    contentApis: namesRead(templates, OBJECT_VARIABLES.contentApis),
    productSets: namesRead(templates, OBJECT_VARIABLES.productSets),
  };
}

/** True when the templates read the object at all. */
export function readsAny(names: NamesRead): boolean {
  return names === 'all' || names.length > 0;
}
