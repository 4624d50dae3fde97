/** `personalize render`: one template rendered for one user with a workspace's data, printed. */
import { TemplateError } from '@personalize/core';
import { workspaceFileStore } from '@personalize/server';
import { parseCommandArguments, usageError } from '../command-line/arguments';
import { CommandError, EXIT, type ExitStatus } from '../command-line/command-error';
import { readJsonObject } from '../command-line/json-file';
import {
  compileTemplateFile,
  describeFieldError,
  fieldLabel,
  readTemplateFile,
} from '../templates/template-file';
import { templateReads } from '../templates/template-reads';
import { checkEventAttrsOption, checkEventOption, chooseWorkspace } from '../workspaces/workspace-option';

/** The usage text of `render`. */
export const RENDER_USAGE = `Usage: personalize render <template-file> [--workspace <file>] [--workspace-id <id>]
         [--user <id>] [--attrs <json-file>] [--event <name> --event-attrs <json-file>]

Renders a template (a text file, or a .json payload whose string values are templates) and prints the text
(or the rendered payload as JSON). Content APIs are called over HTTP as the workspace configures them.

  --workspace <file>       workspace file (JSON); defaults to the demo workspace
  --workspace-id <id>      the workspace to use when the file holds several
  --user <id>              a stored user of the workspace (its attributes become UserAttribute)
  --attrs <json-file>      attributes (a JSON object), merged over the stored user's
  --event <name>           the triggering event (one of the workspace's events)
  --event-attrs <json-file> the event's attributes (EventAttribute), a JSON object
  --help                   this text

Exit status: 0 rendered, 1 template error (printed with a code frame), 2 bad arguments or input file,
3 the template said not to send (MOE_NOT_SEND).
`;

const OPTIONS = {
  workspace: { type: 'string' },
  'workspace-id': { type: 'string' },
  user: { type: 'string' },
  attrs: { type: 'string' },
  event: { type: 'string' },
  'event-attrs': { type: 'string' },
  help: { type: 'boolean' },
} as const;

/** Where `render` writes: the rendered text to `out`, errors, warnings and "not sent" to `err`. */
export interface RenderStreams {
  readonly out: NodeJS.WritableStream;
  readonly err: NodeJS.WritableStream;
}

/** Runs `personalize render`; resolves to the exit status. */
export async function renderCommand(args: readonly string[], streams: RenderStreams): Promise<ExitStatus> {
  const { values, positionals } = parseCommandArguments(args, OPTIONS, RENDER_USAGE);
  if (values.help) {
    streams.out.write(RENDER_USAGE);
    return EXIT.ok;
  }
  if (positionals.length !== 1) throw usageError('render takes one template file', RENDER_USAGE);
  checkEventAttrsOption(values, RENDER_USAGE);

  const file = await readTemplateFile(positionals[0]);
  const reads = templateReads(compileTemplateFile(file));
  const { file: workspaceFile, entry } = await chooseWorkspace(values.workspace, values['workspace-id']);
  if (values.user !== undefined && !entry.users.some((user) => user.id === values.user)) {
    throw new CommandError(`workspace ${entry.id} has no user with id ${JSON.stringify(values.user)}`);
  }
  checkEventOption(entry, values.event, reads);
  const userAttributes =
    values.attrs === undefined ? undefined : await readJsonObject(values.attrs, '--attrs');
  const eventAttributes =
    values['event-attrs'] === undefined
      ? undefined
      : await readJsonObject(values['event-attrs'], '--event-attrs');

  const workspace = await workspaceFileStore(workspaceFile).workspace(entry.id);
  if (workspace === undefined) throw new CommandError(`workspace ${entry.id} could not be opened`);
  const input = {
    user: values.user === undefined ? undefined : { identifier: 'ID', value: values.user },
    userAttributes,
    eventAttributes,
    eventName: values.event,
  };
  const warn = (warnings: readonly { message: string }[]) => {
    for (const warning of warnings) streams.err.write(`warning: ${warning.message}\n`);
  };

  if (file.kind === 'text') {
    let result: Awaited<ReturnType<typeof workspace.renderer.render>>;
    try {
      result = await workspace.renderer.render(file.source, input);
    } catch (error) {
      if (!(error instanceof TemplateError)) throw error;
      streams.err.write(`${describeFieldError(file.path, '', error)}\n`);
      return EXIT.templateError;
    }
    warn(result.warnings);
    if (result.status === 'not_sent') {
      streams.err.write(`not sent: ${result.reason}\n`);
      return EXIT.notSent;
    }
    // One newline after the text, as Python's print(): Jinja drops the template's own last newline.
    streams.out.write(`${result.text}\n`);
    return EXIT.ok;
  }

  const result = await workspace.renderer.renderPayload(file.payload, input);
  warn(result.warnings);
  const errors = result.failures.filter((failure) => failure.status === 'error');
  for (const failure of errors) {
    streams.err.write(`${describeFieldError(file.path, fieldLabel(failure.path), failure.error)}\n`);
  }
  if (errors.length > 0) return EXIT.templateError;
  const notSent = result.failures.find((failure) => failure.status === 'not_sent');
  if (notSent !== undefined) {
    streams.err.write(`not sent (${fieldLabel(notSent.path)}): ${notSent.reason}\n`);
    return EXIT.notSent;
  }
  streams.out.write(`${JSON.stringify(result.payload, null, 2)}\n`);
  return EXIT.ok;
}
