/**
 * What the server package's commands (`pnpm serve`, `pnpm link-url`) share: stopping with a message and an exit
 * code, parsing the options with the usage text after a mistake, and reading the workspace file.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { loadWorkspaceFile } from './workspaces/load-workspace-file';
import { type WorkspaceFile, WorkspaceFileError } from './workspaces/workspace-file';

/** The options a command accepts, as `util.parseArgs` takes them; every command has `--help`. */
type Options = NonNullable<ParseArgsConfig['options']> & { readonly help: { readonly type: 'boolean' } };

/** The options given, by name. */
export type OptionValues<T extends Options> = ReturnType<
  typeof parseArgs<{ options: T; strict: true }>
>['values'];

/** Writes `message` (and a newline) to stderr and exits with `code`. */
export function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

/**
 * Parses the process's arguments against `options` (no positionals). A mistake exits 2 with its message and
 * `usage`; `--help` prints `usage` to stdout and gives `undefined`, for the caller to stop.
 */
export function parseCommandLine<T extends Options>(options: T, usage: string): OptionValues<T> | undefined {
  let values: OptionValues<T>;
  try {
    ({ values } = parseArgs({ options, strict: true }));
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`, 2);
  }
  if ((values as { help?: boolean }).help) {
    process.stdout.write(usage);
    return undefined;
  }
  return values;
}

/** Reads and checks the workspace file at `path`; one that cannot be used exits 1 with its problems. */
export async function loadWorkspaceFileOrFail(path: string): Promise<WorkspaceFile> {
  try {
    return await loadWorkspaceFile(path);
  } catch (error) {
    if (error instanceof WorkspaceFileError) fail(error.message, 1);
    throw error;
  }
}
