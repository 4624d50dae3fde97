/** Argument checks and result helpers shared by the filter families. */
import { TemplateRuntimeError, typeError } from '../errors';
import { spendRunningOnText } from '../limits';
import { repr, str } from '../runtime/format';
import { escapeText } from '../runtime/markup';
import { typeName } from '../runtime/operators';
import type { FilterSpec, RenderState } from '../runtime/state';
import { isInt, Markup, Namespace } from '../runtime/values';

/** Reads an integer argument (a width, a count, a precision) as Python's `__index__` does: bools count, floats fail. */
export function indexArg(v: unknown): number {
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (isInt(v)) return Number(v);
  throw typeError(`'${typeName(v)}' object cannot be interpreted as an integer`);
}

export { checkSize } from '../limits';

/** How much of a value a message of the service's filters quotes. */
const QUOTED = 80;

/** `repr(value)`, cut short: what a message quotes of a value the template passed, which may be megabytes. */
export function quoted(value: unknown): string {
  const cut = typeof value === 'string' && value.length > QUOTED;
  const text = repr(cut ? value.slice(0, QUOTED) : value);
  return cut || text.length > QUOTED ? `${text.slice(0, QUOTED)}...` : text;
}

/** Jinja's `soft_str`: strings and Markup stay as they are, anything else goes through Python's `str()`. */
export function softStr(value: unknown): string | Markup {
  return typeof value === 'string' || value instanceof Markup ? value : str(value);
}

/** The text of a string or Markup. */
export function textOf(value: string | Markup): string {
  const text = typeof value === 'string' ? value : value.value;
  // What a filter takes the text for is a pass over it.
  spendRunningOnText(text);
  return text;
}

/** Markup in, Markup out: the str methods of markupsafe's Markup return Markup, plain strings stay plain. */
export function sameKind(input: unknown, text: string): string | Markup {
  return input instanceof Markup ? new Markup(text) : text;
}

/** markupsafe's `escape(value)`: Markup stays as it is; anything else is `str()`-ed and escaped. */
export function escapeValue(value: unknown): Markup {
  return value instanceof Markup ? value : new Markup(escapeText(str(value)));
}

/** Python's TypeError for a slice bound that is not an integer (`s[:4.5]`). */
export function sliceIndexError(): TemplateRuntimeError {
  return typeError('slice indices must be integers or None or have an __index__ method');
}

/** Jinja's `FilterArgumentError`. */
export function filterArgumentError(message: string): TemplateRuntimeError {
  return new TemplateRuntimeError('FilterArgumentError', message);
}

/** Python's `AttributeError` for a method the value's type lacks (`'int' object has no attribute 'splitlines'`). */
export function attributeError(value: unknown, name: string): TemplateRuntimeError {
  // A namespace's own `__getattribute__` raises with the bare name.
  const message =
    value instanceof Namespace ? name : `'${typeName(value)}' object has no attribute '${name}'`;
  return new TemplateRuntimeError('AttributeError', message);
}

/**
 * A filter made in two steps: its arguments make a function of the value (an attribute getter built, a path
 * split, a `rel` list sorted), which then runs on the value. Called with arguments known only when rendering, both
 * steps run per call; with literal arguments, the compiler takes the first step once (`CallableSpec.prepare`).
 */
export type Prepared = (state: RenderState, value: unknown) => unknown;

/** A filter made in two steps (see `Prepared`), from the function that takes the first. */
export function preparedFilter(
  params: readonly string[],
  prepare: (...args: unknown[]) => Prepared,
): FilterSpec {
  return { params, fn: (state, value, ...args: unknown[]) => prepare(...args)(state, value), prepare };
}
