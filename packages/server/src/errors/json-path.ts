/** Paths into JSON documents, written the way the error `target`s and the workspace file errors show them. */

/**
 * A path as text: object keys joined by dots, array indexes in brackets. Keys are written as they are (a
 * payload key `a.b` stays `a.b`), because a `target` names the key the client sent.
 *
 * @example
 * jsonPath(['workspaces', 0, 'limits', 'preview_per_minute']); // 'workspaces[0].limits.preview_per_minute'
 */
export function jsonPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`;
    else text += text === '' ? String(part) : `.${String(part)}`;
  }
  return text;
}
