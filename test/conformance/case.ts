/** One conformance case: a template and its JSON data, rendered by the engine and by Jinja2, which must agree. */
export interface Case {
  name: string;
  template: string;
  data?: Record<string, unknown>;
}

/** A case as a row, `[name, template, data?]`, so a case file reads as a table. */
export type CaseRow = readonly [name: string, template: string, data?: Record<string, unknown>];

/** Turns rows into cases. */
export function rows(list: readonly CaseRow[]): Case[] {
  return list.map(([name, template, data]) =>
    data === undefined ? { name, template } : { name, template, data },
  );
}
