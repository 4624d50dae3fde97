/**
 * Template files: a plain text file is one template; a `.json` file is a payload (a multi-field message such as
 * a subject and a body), an object whose string values are templates, nested as deep as it goes.
 */
import { extname } from 'node:path';
import { compile, parseAll, type Template, TemplateError } from '@personalize/core';
import { CommandError, EXIT, messageOf } from '../command-line/command-error';
import { parseJsonObject, readText } from '../command-line/json-file';

/** A template file, read. */
export type TemplateFile =
  | {
      /** One template: the whole file. */
      readonly kind: 'text';
      /** The path given on the command line. */
      readonly path: string;
      /** The template source. */
      readonly source: string;
    }
  | {
      /** A payload: every string in it is a template. */
      readonly kind: 'payload';
      /** The path given on the command line. */
      readonly path: string;
      /** The payload object as the file holds it. */
      readonly payload: Readonly<Record<string, unknown>>;
    };

/** One template of a file: its place in the payload (`''` for a text file) and its source. */
export interface TemplateField {
  /** Where the string is in the payload, as `subject` or `buttons[0].label`; `''` for a text file. */
  readonly label: string;
  /** The template source. */
  readonly source: string;
}

/** A key path written as JavaScript would: `buttons[0].label`, `["odd key"]`. */
export function fieldLabel(path: readonly (string | number)[]): string {
  let label = '';
  for (const key of path) {
    if (typeof key === 'number') label += `[${key}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(key)) label += label === '' ? key : `.${key}`;
    else label += `[${JSON.stringify(key)}]`;
  }
  return label;
}

/** Reads a template file; a `.json` file must hold an object. */
export async function readTemplateFile(path: string): Promise<TemplateFile> {
  const text = await readText(path, 'template file');
  if (extname(path).toLowerCase() !== '.json') return { kind: 'text', path, source: text };
  return { kind: 'payload', path, payload: parseJsonObject(text, `template file ${path}`) };
}

/** Every template of a file, in document order. */
export function templateFields(file: TemplateFile): TemplateField[] {
  if (file.kind === 'text') return [{ label: '', source: file.source }];
  const fields: TemplateField[] = [];
  const walk = (value: unknown, path: (string | number)[]) => {
    if (typeof value === 'string') fields.push({ label: fieldLabel(path), source: value });
    else if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) walk(value[index], [...path, index]);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
    }
  };
  walk(file.payload, []);
  return fields;
}

/** A syntax error of one field. */
export interface FieldError {
  /** The field (`''` for a text file). */
  readonly label: string;
  /** The error, with its line, column and code frame. */
  readonly error: TemplateError;
}

/** The result of checking a file: every syntax error, and the compiled templates when there is none. */
export interface CheckedFile {
  /** Every syntax error of every field, in order. */
  readonly errors: readonly FieldError[];
  /** The compiled fields, in order; empty when there is any error. */
  readonly templates: readonly Template[];
}

/** Any failure as a `TemplateError`, so that it prints like the engine's own. */
function asTemplateError(error: unknown): TemplateError {
  return error instanceof TemplateError ? error : new TemplateError(messageOf(error));
}

/** Parses every field, reporting all the syntax errors the parser can recover from, then compiles them. */
export function checkTemplateFile(file: TemplateFile): CheckedFile {
  const errors: FieldError[] = [];
  const fields = templateFields(file);
  for (const field of fields) {
    for (const error of parseAll(field.source).errors) errors.push({ label: field.label, error });
  }
  if (errors.length > 0) return { errors, templates: [] };
  const templates: Template[] = [];
  for (const field of fields) {
    try {
      templates.push(compile(field.source));
    } catch (error) {
      // Past parsing, only a limit (the template's size) can stop compiling.
      errors.push({ label: field.label, error: asTemplateError(error) });
    }
  }
  return { errors, templates: errors.length > 0 ? [] : templates };
}

/** An error with its place and code frame, prefixed by the file and field: `a.json (subject): line 1, ...`. */
export function describeFieldError(file: string, label: string, error: unknown): string {
  const where = label === '' ? file : `${file} (${label})`;
  return `${where}: ${asTemplateError(error).describe()}`;
}

/** The error on one line, without the code frame: `subject: line 1, column 4: unexpected '}'`. */
export function errorLine(label: string, error: unknown): string {
  const e = asTemplateError(error);
  const where = e.line === undefined ? '' : `line ${e.line}, column ${e.column ?? 1}: `;
  return `${label === '' ? '' : `${label}: `}${where}${e.message}`;
}

/** Throws a `CommandError` listing every syntax error of the file (with code frames) when it has any. */
export function compileTemplateFile(file: TemplateFile): readonly Template[] {
  const checked = checkTemplateFile(file);
  if (checked.errors.length === 0) return checked.templates;
  const described = checked.errors.map(({ label, error }) => describeFieldError(file.path, label, error));
  throw new CommandError(described.join('\n'), EXIT.templateError);
}
