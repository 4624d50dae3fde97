/**
 * `--workspace <file>` and `--workspace-id <id>`: the workspace file (server-decisions.md, read and checked by
 * the server package), and the one workspace of it the command renders with.
 */
import { type WorkspaceFile, WorkspaceFileError } from '@personalize/server';
import { DEMO_WORKSPACE_FILE, loadWorkspaceFile, pickWorkspace } from '@personalize/server/node';
import { usageError } from '../command-line/arguments';
import { CommandError } from '../command-line/command-error';
import { readsAny, type TemplateReads } from '../templates/template-reads';

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
  const pick = pickWorkspace(file, id);
  if (pick.kind === 'several') {
    throw new CommandError(
      `${filePath} holds several workspaces (${pick.ids.join(', ')}): choose one with --workspace-id <id>`,
    );
  }
  if (pick.kind === 'unknown') {
    throw new CommandError(
      `${filePath} has no workspace ${JSON.stringify(pick.id)} (it has ${pick.ids.join(', ')})`,
    );
  }
  return { path: filePath, file, entry: pick.entry };
}

/** Checks `--event`: the workspace must list it, as the preview API requires. */
export function checkEventName(entry: WorkspaceEntry, event: string): void {
  if (entry.events.includes(event)) return;
  const known = entry.events.length === 0 ? 'it lists none' : `it lists ${entry.events.join(', ')}`;
  throw new CommandError(
    `--event ${JSON.stringify(event)} is not an event of workspace ${entry.id} (${known})`,
  );
}

/** The `--event` and `--event-attrs` options of `render` and `bulk`. */
export interface EventOptions {
  readonly event?: string | undefined;
  readonly 'event-attrs'?: string | undefined;
}

/** Checks the arguments alone (before any file is read): `--event-attrs` needs `--event`, else a usage error. */
export function checkEventAttrsOption(values: EventOptions, usage: string): void {
  if (values['event-attrs'] !== undefined && values.event === undefined) {
    throw usageError('--event-attrs needs --event <name>', usage);
  }
}

/**
 * Checks the event against the workspace and the template: `--event` must be one of the workspace's events
 * (`checkEventName`); without it, a template that reads `EventAttribute` is refused.
 */
export function checkEventOption(
  entry: WorkspaceEntry,
  event: string | undefined,
  reads: TemplateReads,
): void {
  if (event !== undefined) checkEventName(entry, event);
  else if (readsAny(reads.eventAttributes)) {
    throw new CommandError('the template reads EventAttribute: name the event with --event <name>');
  }
}
