/**
 * Preference updates in a data file (Node only): `<dir>/preferences.json`, written whole on every update and
 * replaced atomically (a temporary file written and flushed to disk, renamed over the old one, the folder
 * flushed), so that a crash leaves the old file or the new one, never part of one. An update is acknowledged
 * only once it is on disk; updates that arrive while a write is under way go together in the next write. One
 * server process owns the folder at a time: a lock file holds its pid.
 */
import { mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { setOwn } from '../json/set-own';
import {
  applyUpdates,
  categoriesOf,
  type PreferenceState,
  type PreferenceStore,
  type PreferenceUpdate,
} from './preference-store';

/** The data file's name in the folder. */
export const PREFERENCES_FILE = 'preferences.json';
const LOCK_FILE = 'preferences.lock';
const TEMPORARY = /^\.preferences\.json\..+\.tmp$/;

/** Options of `filePreferenceStore`. */
export interface FilePreferenceStoreOptions {
  /** The folder of the data file; made when missing. */
  readonly dir: string;
}

/** A file store: a `PreferenceStore` with a folder to let go of. */
export interface FilePreferenceStore extends PreferenceStore {
  /** The data file's absolute path. */
  readonly file: string;
  /** Waits for the writes under way, then releases the folder. */
  close(): Promise<void>;
}

/** A data file that cannot be read: the server does not start, and the file is left as it is. */
export class PreferenceFileError extends Error {
  constructor(file: string, problem: string) {
    super(
      `${file} is not a preferences data file (${problem}): it was left as it is; fix or move it, then start again`,
    );
    this.name = 'PreferenceFileError';
  }
}

/** Folders this process holds, so that a lock left by an earlier process with the same pid is told apart. */
const held = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the folder's lock, or throws when a running process holds it; a lock whose process is gone is stale. */
async function takeLock(dir: string): Promise<void> {
  const lock = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await writeFile(lock, `${process.pid}\n`, { flag: 'wx' });
      held.add(dir);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = Number((await readFile(lock, 'utf8').catch(() => '')).trim());
    const holder = pid === process.pid ? held.has(dir) : Number.isInteger(pid) && pid > 0 && isRunning(pid);
    if (holder) {
      throw new Error(
        `${dir} is in use by server process ${pid}: give each server its own data folder, or share the updates through Redis (if no server uses it, delete ${lock})`,
      );
    }
    await rm(lock, { force: true });
  }
  throw new Error(`cannot take the lock ${lock}: another process keeps taking it`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The state a data file holds; throws a `PreferenceFileError` naming the first problem's JSON path. */
function parseState(file: string, text: string): PreferenceState {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new PreferenceFileError(file, `not JSON: ${(error as Error).message}`);
  }
  if (!isObject(document) || document.version !== 1 || !isObject(document.workspaces)) {
    throw new PreferenceFileError(file, 'expected {"version": 1, "workspaces": {...}}');
  }
  const state = new Map<string, Map<string, Map<string, boolean>>>();
  for (const [workspaceId, users] of Object.entries(document.workspaces)) {
    if (!isObject(users)) throw new PreferenceFileError(file, `workspaces.${workspaceId} must be an object`);
    const byUser = new Map<string, Map<string, boolean>>();
    for (const [userId, categories] of Object.entries(users)) {
      if (!isObject(categories))
        throw new PreferenceFileError(file, `workspaces.${workspaceId}.${userId} must be an object`);
      const byCategory = new Map<string, boolean>();
      for (const [category, subscribed] of Object.entries(categories)) {
        if (typeof subscribed !== 'boolean')
          throw new PreferenceFileError(
            file,
            `workspaces.${workspaceId}.${userId}.${category} must be a boolean`,
          );
        byCategory.set(category, subscribed);
      }
      byUser.set(userId, byCategory);
    }
    state.set(workspaceId, byUser);
  }
  return state;
}

function serializeState(state: PreferenceState): string {
  const workspaces: Record<string, unknown> = {};
  for (const [workspaceId, users] of state) {
    const byUser: Record<string, unknown> = {};
    for (const userId of users.keys()) setOwn(byUser, userId, categoriesOf(state, workspaceId, userId));
    setOwn(workspaces, workspaceId, byUser);
  }
  return `${JSON.stringify({ version: 1, workspaces })}\n`;
}

let temporaries = 0;

/** Flushes a folder's entries (a rename) to disk; Windows cannot open a folder, and renames durably there. */
async function syncFolder(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const folder = await open(dir, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

/** Replaces `file` by `text`: all of it or none, on disk when this resolves. */
async function replaceFile(dir: string, file: string, text: string): Promise<void> {
  const temporary = join(dir, `.${PREFERENCES_FILE}.${process.pid}.${++temporaries}.tmp`);
  try {
    const handle = await open(temporary, 'wx', 0o600);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await syncFolder(dir);
}

/**
 * Opens the data file of `dir` (making the folder, taking its lock, removing temporary files a crash left),
 * and returns a store that writes every update to it before acknowledging it.
 *
 * @example
 * const preferences = await filePreferenceStore({ dir: 'personalize-data' });
 * const app = createApp({ workspaces, preferences });
 * process.once('SIGTERM', () => preferences.close());
 */
export async function filePreferenceStore(options: FilePreferenceStoreOptions): Promise<FilePreferenceStore> {
  const dir = resolve(options.dir);
  const file = join(dir, PREFERENCES_FILE);
  await mkdir(dir, { recursive: true });
  await takeLock(dir);
  let state: PreferenceState;
  try {
    for (const name of await readdir(dir))
      if (TEMPORARY.test(name)) await rm(join(dir, name), { force: true });
    const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    state = text === undefined ? new Map() : parseState(file, text);
  } catch (error) {
    await rm(join(dir, LOCK_FILE), { force: true });
    held.delete(dir);
    throw error;
  }

  type Waiting = {
    readonly workspaceId: string;
    readonly updates: readonly PreferenceUpdate[];
    readonly done: (error?: unknown) => void;
  };
  let waiting: Waiting[] = [];
  let writing: Promise<void> | undefined;

  // One write at a time; what arrived meanwhile goes in the next one. The state in memory changes only once
  // its file is on disk, so a failed write loses nothing that was acknowledged.
  const writeAll = async () => {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      let next = state;
      for (const { workspaceId, updates } of batch) next = applyUpdates(next, workspaceId, updates);
      try {
        await replaceFile(dir, file, serializeState(next));
        state = next;
        for (const { done } of batch) done();
      } catch (error) {
        for (const { done } of batch) done(error);
      }
    }
    writing = undefined;
  };

  return {
    file,
    async preferences(workspaceId, userId) {
      return categoriesOf(state, workspaceId, userId);
    },
    update(workspaceId, updates) {
      return new Promise<void>((resolvePromise, reject) => {
        waiting.push({
          workspaceId,
          updates,
          done: (error) => (error === undefined ? resolvePromise() : reject(error)),
        });
        writing ??= writeAll();
      });
    },
    async close() {
      await writing;
      if (!held.has(dir)) return;
      held.delete(dir);
      await rm(join(dir, LOCK_FILE), { force: true });
    },
  };
}
