/**
 * JSON text read with the place of every value (jsonc-parser, strict JSON: no comments, no trailing commas),
 * so that a problem in a value, or in a template inside a string, is underlined where it is.
 */
import { type Node, type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import type { EditorName, EditorProblem } from '../draft/draft';

/** A key path into a JSON document: object keys and array indexes. */
export type JsonPath = readonly (string | number)[];

/** The JSON document, or the problems that keep it from being read. */
export type JsonDocument =
  | { readonly ok: true; readonly root: Node }
  | { readonly ok: false; readonly problems: readonly EditorProblem[] };

/** `PropertyNameExpected` -> `property name expected`. */
function errorWords(error: ParseError): string {
  return printParseErrorCode(error.error)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

/**
 * Reads `text` as strict JSON, naming the editor it comes from in the problem: the first error only, since the
 * ones after it mostly follow from it.
 *
 * @example
 * readJson('{"a": }', 'sampleData') // { ok: false, problems: [{ from: 6, to: 7, message: 'JSON: value expected', ... }] }
 */
export function readJson(text: string, editor: EditorName): JsonDocument {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  if (errors.length === 0 && root !== undefined) return { ok: true, root };
  const [first] = errors;
  const problem: EditorProblem =
    first === undefined
      ? { editor, from: 0, to: 0, severity: 'error', message: 'JSON: the text is empty' }
      : {
          editor,
          from: first.offset,
          to: first.offset + first.length,
          severity: 'error',
          message: `JSON: ${errorWords(first)}`,
        };
  return { ok: false, problems: [problem] };
}

/** The members of an object node, by key (the last one wins, as in `JSON.parse`). */
export function members(node: Node): Map<string, { readonly key: Node; readonly value: Node }> {
  const found = new Map<string, { key: Node; value: Node }>();
  if (node.type !== 'object') return found;
  for (const property of node.children ?? []) {
    const [key, value] = property.children ?? [];
    if (key !== undefined && value !== undefined) found.set(String(key.value), { key, value });
  }
  return found;
}

/** Every string value under `node`, with its path, in document order. */
export function stringsIn(node: Node, path: JsonPath = []): { path: JsonPath; node: Node }[] {
  if (node.type === 'string') return [{ path, node }];
  if (node.type === 'array')
    return (node.children ?? []).flatMap((item, index) => stringsIn(item, [...path, index]));
  if (node.type === 'object')
    return [...members(node)].flatMap(([key, { value }]) => stringsIn(value, [...path, key]));
  return [];
}

/**
 * A path as the server's error targets write it: keys joined by dots, indexes in brackets.
 *
 * @example
 * jsonPathText(['buttons', 0, 'label']) // 'buttons[0].label'
 */
export function jsonPathText(path: JsonPath): string {
  let text = '';
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`;
    else text += text === '' ? part : `.${part}`;
  }
  return text;
}
