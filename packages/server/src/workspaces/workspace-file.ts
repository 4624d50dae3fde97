/**
 * The workspace file (server-decisions.md, "Workspace file"): its schema, and its checks at start-up with
 * errors that name the file, the JSON path and the problem.
 */
import { z } from 'zod';
import { jsonPath } from '../errors/json-path';
import { type JsonProblem, problems } from '../errors/zod-issues';

const name = z.string().min(1);

const contentApiSchema = z.strictObject({
  url: z.url({ protocol: /^https?$/ }),
  method: z.enum(['GET', 'POST', 'PUT']).default('GET'),
  headers: z.record(z.string(), z.string()).default({}),
  timeout_ms: z.number().int().positive().default(2_000),
  cache_ttl_s: z.number().nonnegative().default(60),
});

const userSchema = z.strictObject({
  id: name,
  email: z.string().optional(),
  mobile: z.string().optional(),
  attributes: z.record(z.string(), z.unknown()).default({}),
  subscriptions: z.record(z.string(), z.boolean()).default({}),
});

const limitsSchema = z.strictObject({
  preview_per_minute: z.number().int().positive().optional(),
  preferences_per_minute: z.number().int().positive().optional(),
  preferences_per_day: z.number().int().positive().optional(),
});

const customTemplateSchema = z.strictObject({
  template_id: name,
  version: name,
  record: z.record(z.string(), z.unknown()),
});

const workspaceSchema = z.strictObject({
  id: name,
  keys: z.strictObject({ preview: name, data: name.optional() }),
  api_secret: name.optional(),
  limits: limitsSchema.default({}),
  events: z.array(name).default([]),
  categories: z.array(name).default([]),
  users: z.array(userSchema).default([]),
  content_blocks: z.record(z.string(), z.string()).default({}),
  content_apis: z.record(z.string(), contentApiSchema).default({}),
  product_sets: z.record(z.string(), z.array(z.unknown())).default({}),
  custom_templates: z.array(customTemplateSchema).default([]),
});

/** The schema of a workspace file. */
export const workspaceFileSchema = z.strictObject({ workspaces: z.array(workspaceSchema).min(1) });

/** A workspace file, checked, with its defaults filled in. */
export type WorkspaceFile = z.output<typeof workspaceFileSchema>;

/** One workspace of the file. */
export type WorkspaceEntry = WorkspaceFile['workspaces'][number];

/** A workspace file that cannot be used: `problems` lists every one, each with its JSON path. */
export class WorkspaceFileError extends Error {
  /** Where the file came from (its path, or a name given by the caller). */
  readonly source: string;
  /** Every problem found. */
  readonly problems: readonly JsonProblem[];

  constructor(source: string, found: readonly JsonProblem[]) {
    const lines = found.map((problem) => `  ${problem.message}`);
    super(`${source} is not a valid workspace file:\n${lines.join('\n')}`);
    this.name = 'WorkspaceFileError';
    this.source = source;
    this.problems = found;
  }
}

/** A problem at `path`, its message starting with the path. */
function problemAt(path: readonly PropertyKey[], message: string): JsonProblem {
  const at = jsonPath(path);
  return { path: at, message: `${at} ${message}` };
}

/** The first index of each value, and a problem for each value seen before. */
function duplicates<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  pathOf: (index: number) => readonly PropertyKey[],
  what: (item: T) => string,
): JsonProblem[] {
  const seen = new Map<string, number>();
  const found: JsonProblem[] = [];
  items.forEach((item, index) => {
    const key = keyOf(item);
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index);
    else found.push(problemAt(pathOf(index), `repeats ${what(item)} of ${jsonPath(pathOf(first))}`));
  });
  return found;
}

/** What the schema cannot say: names that must be unique, and subscriptions to categories that exist. */
function crossChecks(file: WorkspaceFile): JsonProblem[] {
  const found = duplicates(
    file.workspaces,
    (w) => w.id,
    (i) => ['workspaces', i, 'id'],
    (w) => `the id ${JSON.stringify(w.id)}`,
  );
  file.workspaces.forEach((workspace, w) => {
    const at = (...path: PropertyKey[]) => ['workspaces', w, ...path];
    found.push(
      ...duplicates(
        workspace.users,
        (u) => u.id,
        (i) => at('users', i, 'id'),
        (u) => `the user id ${JSON.stringify(u.id)}`,
      ),
      ...duplicates(
        workspace.custom_templates,
        (t) => JSON.stringify([t.template_id, t.version]),
        (i) => at('custom_templates', i),
        (t) => `template ${JSON.stringify(t.template_id)} version ${JSON.stringify(t.version)}`,
      ),
    );
    const categories = new Set(workspace.categories);
    workspace.users.forEach((user, u) => {
      for (const category of Object.keys(user.subscriptions)) {
        if (!categories.has(category)) {
          found.push(
            problemAt(
              at('users', u, 'subscriptions', category),
              `names a category that is not in ${jsonPath(at('categories'))}`,
            ),
          );
        }
      }
    });
  });
  return found;
}

/**
 * Checks a parsed workspace file and fills in its defaults; throws a `WorkspaceFileError` naming `source`
 * and every problem's JSON path.
 *
 * @example
 * parseWorkspaceFile(JSON.parse(text), 'workspaces.json');
 * // WorkspaceFileError: workspaces.json is not a valid workspace file:
 * //   workspaces[0].limits.preview_per_minute must be an integer, got a string
 */
export function parseWorkspaceFile(document: unknown, source: string): WorkspaceFile {
  const parsed = workspaceFileSchema.safeParse(document, { reportInput: true });
  if (!parsed.success) throw new WorkspaceFileError(source, problems(parsed.error.issues));
  const found = crossChecks(parsed.data);
  if (found.length > 0) throw new WorkspaceFileError(source, found);
  return parsed.data;
}
