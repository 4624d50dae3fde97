/**
 * `--workspace <file>` and `--workspace-id <id>`: the workspace file (server-decisions.md, read and checked by
 * the server package), and the one workspace of it the command renders with.
 */
import { type WorkspaceFile, WorkspaceFileError } from '@personalize/server';
import { DEMO_WORKSPACE_FILE, loadWorkspaceFile } from '@personalize/server/node';
import { CommandError } from '../command-line/command-error';

/** One workspace of a workspace file, checked, with its defaults filled in. */
export type WorkspaceEntry = WorkspaceFile['workspaces'][number];

/** The workspace a command uses, with the file it came from. */
export interface ChosenWorkspace {
  /** The workspace file's path (the demo workspace's when none was given). */
  readonly path: string;
  /** The whole file, checked. */
  readonly file: WorkspaceFile;
  /** The chosen workspace. */
  readonly entry: WorkspaceEntry;
}

/**
 * Loads the workspace file (the demo workspace when `path` is undefined) and picks the workspace `id`; without
 * an id, the file must hold exactly one workspace.
 */
export async function chooseWorkspace(
  path: string | undefined,
  id: string | undefined,
): Promise<ChosenWorkspace> {
  const filePath = path ?? DEMO_WORKSPACE_FILE;
  let file: WorkspaceFile;
  try {
    file = await loadWorkspaceFile(filePath);
  } catch (error) {
    if (error instanceof WorkspaceFileError) throw new CommandError(error.message);
    throw error;
  }
  const ids = file.workspaces.map((workspace) => workspace.id).join(', ');
  if (id === undefined) {
    if (file.workspaces.length > 1) {
      throw new CommandError(
        `${filePath} holds several workspaces (${ids}): choose one with --workspace-id <id>`,
      );
    }
    return { path: filePath, file, entry: file.workspaces[0] };
  }
  const entry = file.workspaces.find((workspace) => workspace.id === id);
  if (entry === undefined)
    throw new CommandError(`${filePath} has no workspace ${JSON.stringify(id)} (it has ${ids})`);
  return { path: filePath, file, entry };
}

/** Checks `--event`: the workspace must list it, as the preview API requires. */
export function checkEventName(entry: WorkspaceEntry, event: string): void {
  if (entry.events.includes(event)) return;
  const known = entry.events.length === 0 ? 'it lists none' : `it lists ${entry.events.join(', ')}`;
  throw new CommandError(
    `--event ${JSON.stringify(event)} is not an event of workspace ${entry.id} (${known})`,
  );
}
