/** Picking the one workspace of a workspace file a command works with (`--workspace-id`, or the only one). */
import type { WorkspaceEntry, WorkspaceFile } from './workspace-file';

/**
 * What `pickWorkspace` found: the workspace, or why there is none. The wording of the refusal is the caller's,
 * as each command words it its own way.
 */
export type WorkspacePick =
  /** The workspace asked for, or the file's only one. */
  | { readonly kind: 'picked'; readonly entry: WorkspaceEntry }
  /** No id was given and the file holds several workspaces: `ids` lists them. */
  | { readonly kind: 'several'; readonly ids: readonly string[] }
  /** The file has no workspace `id`: `ids` lists those it has. */
  | { readonly kind: 'unknown'; readonly id: string; readonly ids: readonly string[] };

/**
 * Picks the workspace `id` of a checked workspace file; without an id, the file's only workspace (a file that
 * holds several is `several`).
 *
 * @example
 * const pick = pickWorkspace(await loadWorkspaceFile(path), values['workspace-id']);
 * if (pick.kind !== 'picked') throw new Error(`choose one of ${pick.ids.join(', ')} with --workspace-id`);
 */
export function pickWorkspace(file: WorkspaceFile, id: string | undefined): WorkspacePick {
  const ids = file.workspaces.map((workspace) => workspace.id);
  if (id === undefined) {
    return file.workspaces.length === 1
      ? { kind: 'picked', entry: file.workspaces[0] }
      : { kind: 'several', ids };
  }
  const entry = file.workspaces.find((workspace) => workspace.id === id);
  return entry === undefined ? { kind: 'unknown', id, ids } : { kind: 'picked', entry };
}
