/** `personalize check`: templates parsed without rendering; every syntax error, and what each template reads. */
import type { TemplateError } from '@personalize/core';
import { parseCommandArguments, usageError } from '../command-line/arguments';
import { CommandError, EXIT, type ExitStatus } from '../command-line/command-error';
import { checkTemplateFile, readTemplateFile } from '../templates/template-file';
import {
  type NamesRead,
  OBJECT_VARIABLES,
  type TemplateReads,
  templateReads,
} from '../templates/template-reads';

/** The usage text of `check`. */
export const CHECK_USAGE = `Usage: personalize check <template-file...> [--json]

Parses each template (a text file, or a .json payload whose string values are templates) without rendering,
and lists its syntax errors (all of them, where the parser can go on after one) and the personalization data
it reads: user and event attributes, content blocks, content APIs and product sets.

  --json   one JSON document on stdout instead of text
  --help   this text

Exit status: 0 every file parses, 1 a file has errors (or cannot be read), 2 bad arguments.
`;

const OPTIONS = {
  json: { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

/** One problem of a file, as `--json` prints it. */
export interface CheckProblem {
  /** The payload field (`subject`, `buttons[0].label`), or `null` for a text file or the file as a whole. */
  readonly field: string | null;
  /** 1-based line in the template, when known. */
  readonly line: number | null;
  /** 1-based column in the template, when known. */
  readonly column: number | null;
  /** What is wrong. */
  readonly message: string;
  /** The template line with a caret under the column, when known. */
  readonly frame: string | null;
}

/** The result for one file, as `--json` prints it. */
export interface CheckedFileReport {
  /** The path given on the command line. */
  readonly file: string;
  /** True when the file has no problem. */
  readonly ok: boolean;
  /** Every problem found. */
  readonly errors: readonly CheckProblem[];
  /** What the templates read; `null` when they do not parse. */
  readonly reads: TemplateReads | null;
}

function problemOf(field: string, error: TemplateError): CheckProblem {
  return {
    field: field === '' ? null : field,
    line: error.line ?? null,
    column: error.column ?? null,
    message: error.message,
    frame: error.frame === '' ? null : error.frame,
  };
}

async function checkFile(path: string): Promise<CheckedFileReport> {
  let checked: ReturnType<typeof checkTemplateFile>;
  try {
    checked = checkTemplateFile(await readTemplateFile(path));
  } catch (error) {
    if (!(error instanceof CommandError)) throw error;
    const problem = { field: null, line: null, column: null, message: error.message, frame: null };
    return { file: path, ok: false, errors: [problem], reads: null };
  }
  const errors = checked.errors.map(({ label, error }) => problemOf(label, error));
  const reads = errors.length === 0 ? templateReads(checked.templates) : null;
  return { file: path, ok: errors.length === 0, errors, reads };
}

function indent(text: string, by: string): string {
  return text
    .split('\n')
    .map((line) => by + line)
    .join('\n');
}

function namesText(names: NamesRead): string {
  return names === 'all' ? 'all (used whole or by a computed name)' : names.join(', ');
}

/** The text form of one file's report. */
export function formatReport(report: CheckedFileReport): string {
  const lines: string[] = [];
  if (report.ok) lines.push(`${report.file}: ok`);
  else {
    const count = report.errors.length;
    lines.push(`${report.file}: ${count} error${count === 1 ? '' : 's'}`);
    for (const problem of report.errors) {
      const field = problem.field === null ? '' : `${problem.field}: `;
      const where = problem.line === null ? '' : `line ${problem.line}, column ${problem.column ?? 1}: `;
      lines.push(indent(`${field}${where}${problem.message}`, '  '));
      if (problem.frame !== null) lines.push(indent(problem.frame, '    '));
    }
  }
  if (report.reads !== null) {
    const entries = Object.entries(OBJECT_VARIABLES) as [keyof TemplateReads, string][];
    const read = entries.filter(([key]) => {
      const names = report.reads?.[key] ?? [];
      return names === 'all' || names.length > 0;
    });
    if (read.length === 0) lines.push('  reads no personalization data');
    for (const [key, variable] of read) lines.push(`  ${variable}: ${namesText(report.reads[key])}`);
  }
  return lines.join('\n');
}

/** Runs `personalize check`; resolves to the exit status. */
export async function checkCommand(
  args: readonly string[],
  streams: { readonly out: NodeJS.WritableStream },
): Promise<ExitStatus> {
  const { values, positionals } = parseCommandArguments(args, OPTIONS, CHECK_USAGE);
  if (values.help) {
    streams.out.write(CHECK_USAGE);
    return EXIT.ok;
  }
  if (positionals.length === 0) throw usageError('check needs at least one template file', CHECK_USAGE);
  const reports: CheckedFileReport[] = [];
  for (const path of positionals) reports.push(await checkFile(path));
  const ok = reports.every((report) => report.ok);
  if (values.json) streams.out.write(`${JSON.stringify({ ok, files: reports }, null, 2)}\n`);
  else streams.out.write(`${reports.map(formatReport).join('\n')}\n`);
  return ok ? EXIT.ok : EXIT.templateError;
}
