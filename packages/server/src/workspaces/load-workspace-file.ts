/** Reading a workspace file from disk (Node only): its JSON, then its checks. */
import { readFile } from 'node:fs/promises';
import { parseWorkspaceFile, type WorkspaceFile, WorkspaceFileError } from './workspace-file';

/** The line and column of a character offset, for a JSON syntax error. */
function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `line ${line}, column ${offset - before.lastIndexOf('\n')}`;
}

/**
 * Reads and checks a workspace file. A file that cannot be read, is not JSON, or breaks the schema throws a
 * `WorkspaceFileError` naming the file and, for each problem, the JSON path (or the line and column).
 *
 * @example
 * const file = await loadWorkspaceFile('workspaces/demo.json');
 * const store = workspaceFileStore(file);
 */
export async function loadWorkspaceFile(path: string): Promise<WorkspaceFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const reason =
      code === 'ENOENT' ? 'the file does not exist' : `the file cannot be read (${String(code)})`;
    throw new WorkspaceFileError(path, [{ path: '', message: reason }]);
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message);
    const where = position === null ? '' : ` (${lineAndColumn(text, Number(position[1]))})`;
    throw new WorkspaceFileError(path, [
      { path: '', message: `the file is not valid JSON: ${message}${where}` },
    ]);
  }
  return parseWorkspaceFile(document, path);
}
