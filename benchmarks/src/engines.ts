/**
 * The engines under test, behind one shape: compile a source once, render data many times. Each peer is
 * set up the way its documentation suggests for trusted templates with escaping off, plus the few filters
 * or helpers the e-mail needs (registered once, written plainly).
 */
import { compile as compilePersonalize } from '@personalize/core';
import Handlebars from 'handlebars';
import { Liquid } from 'liquidjs';
import nunjucks from 'nunjucks';
import { type EmailData, emailData } from './data';
import { handlebarsEmail, jinjaEmail, liquidEmail, nunjucksEmail } from './email-template';

/** A compiled template, ready to render. */
export type RenderFn = (data: EmailData) => string;

/** An engine and its version of the e-mail. */
export interface Engine {
  /** The name shown in the tables. */
  name: string;
  /** The e-mail source in this engine's syntax. */
  source: string;
  /** Compiles a source so that it can render without further parsing. */
  compile: (source: string) => RenderFn;
  /** Set when `compile` also includes work the others do not: shown as a footnote. */
  compileNote?: string;
}

// Written plainly, as a Liquid or Handlebars user would: capitalise each space-separated word.
function titleCase(value: unknown): string {
  return String(value)
    .split(' ')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

function fixed(value: unknown, digits: unknown): string {
  return Number(value).toFixed(Number(digits));
}

const nunjucksEnv = new nunjucks.Environment(null, { autoescape: false });

const liquid = new Liquid();
liquid.registerFilter('title', titleCase);
liquid.registerFilter('fixed', fixed);

const handlebars = Handlebars.create();
handlebars.registerHelper({
  title: titleCase,
  upper: (value: unknown) => String(value).toUpperCase(),
  lower: (value: unknown) => String(value).toLowerCase(),
  default: (value: unknown, fallback: unknown) => (value === undefined ? fallback : value),
  replace: (value: unknown, from: unknown, to: unknown) => String(value).replaceAll(String(from), String(to)),
  join: (items: unknown, separator: unknown) => (items as unknown[]).join(String(separator)),
  // Jinja2's rule: keep the text up to length + 5, else cut at the last space before length - 3.
  truncate: (value: unknown, length: number) => {
    const text = String(value);
    if (text.length <= length + 5) return text;
    const head = text.slice(0, length - 3);
    const space = head.lastIndexOf(' ');
    return `${space === -1 ? head : head.slice(0, space)}...`;
  },
  fixed,
  divide: (a: number, b: number) => a / b,
  // Python prints a float that rounds to an integral value as `35.0`; an int stays an int.
  round: (value: number, digits: number) => {
    const factor = 10 ** digits;
    const rounded = Math.round(value * factor) / factor;
    return Number.isInteger(rounded) && !Number.isInteger(value) ? `${rounded}.0` : String(rounded);
  },
  eq: (a: unknown, b: unknown) => a === b,
  inc: (index: number) => index + 1,
});

/** Personalize, loaded from its built `dist` as users install it, with its source cache off. */
export const personalize: Engine = {
  name: 'Personalize',
  source: jinjaEmail,
  compile: (source) => {
    const template = compilePersonalize(source, { cache: false });
    return (data) => template.render(data);
  },
};

/** nunjucks 3, Jinja syntax with JS semantics, compiled eagerly (it compiles lazily by default). */
export const nunjucksEngine: Engine = {
  name: 'nunjucks',
  source: nunjucksEmail,
  compile: (source) => {
    const template = new nunjucks.Template(source, nunjucksEnv, undefined, true);
    return (data) => template.render(data);
  },
};

/** liquidjs 10, parsed once, rendered synchronously (its async path only adds promise overhead here). */
export const liquidEngine: Engine = {
  name: 'liquidjs',
  source: liquidEmail,
  compile: (source) => {
    const template = liquid.parse(source);
    return (data) => liquid.renderSync(template, data) as string;
  },
};

/** Handlebars 4, escaping off and standalone-line stripping off, to match Jinja2's output. */
export const handlebarsEngine: Engine = {
  name: 'Handlebars',
  source: handlebarsEmail,
  compile: (source) => {
    const template = handlebars.compile<EmailData>(source, { noEscape: true, ignoreStandalone: true });
    // `compile` only wraps the source; the parse and code generation happen on the first call.
    template(emailData);
    return (data) => template(data);
  },
  compileNote: 'Handlebars compiles on its first render, so its compile time includes one render.',
};

/** The engines compared with the hand-written function, Personalize first. */
export const engines: Engine[] = [personalize, nunjucksEngine, liquidEngine, handlebarsEngine];
