/**
 * Where the engine differs from Jinja2 on purpose: each entry is a row of the README's "Where it differs from
 * Jinja2, on purpose" table (`what` is its first column, word for word), with the results it explains on
 * either side. Everything else must render Jinja2's text, or raise Jinja2's exception with Jinja2's message.
 */
import type { JinjaResult } from '../jinja/bridge';
import type { EngineResult } from './engine-result';

/** One side's result as a deliberate difference expects it: a text, or an exception and its message. */
interface Expected {
  /** A pattern the rendered text matches. */
  output?: RegExp;
  /** The exception: Jinja2's class, or the engine's `kind` (a runtime error's) or class name. */
  error?: string;
  /** A pattern the message matches; for the engine, without one it must be Jinja2's message. */
  message?: RegExp;
}

/** A difference from Jinja2 the engine makes on purpose. */
export interface DeliberateDifference {
  /** What differs, as the README's table says it. */
  what: string;
  /** The construct it concerns, where the results alone would not tell it apart from a bug. */
  template?: RegExp;
  jinja: Expected;
  engine: Expected;
}

/** Python's own compiler adds where in the generated Python module the error is: no template line. */
const GENERATED_CODE_PLACE = / \(<template>, line \d+\)$/;

/** The Python function a `**` argument went to, which Python names (`jinja2.filters.do_default() `). */
const PYTHON_FUNCTION = /^[\w.]+\(\) (?=argument after \*\* must be a mapping)/;

/** An object's address in what Python prints for it (`<generator object do_map at 0x7f3a...>`). */
const ADDRESS = / at 0x[0-9a-f]+/gi;

export const deliberateDifferences: readonly DeliberateDifference[] = [
  {
    what: 'The `random` filter and the `lipsum` global are left out',
    template: /\|\s*random\b/,
    jinja: { output: /[\s\S]/ },
    engine: { error: 'TemplateAssertionError', message: /^No filter named 'random'\.$/ },
  },
  {
    what: 'The `random` filter and the `lipsum` global are left out',
    template: /\blipsum\b/,
    jinja: { output: /^<p>/ },
    engine: { error: 'UndefinedError', message: /^'lipsum' is undefined$/ },
  },
  {
    what: "`map`, `select`, `reject`, ... return lists that can be looped over twice, and fail when the filter runs, except where a `for` loop or the `first`, `sum`, `min` or `max` filter takes a chain of them (arguments spread by `*` and `**` aside): that takes each item through the chain as it needs it, as Jinja2's generators give it",
    jinja: { output: /<generator object \w+>/ },
    engine: { error: 'TypeError', message: /object is not iterable$/ },
  },
  {
    what: '`x is sameas y` compares strings and numbers by value',
    template: /\bis\s+sameas\b/,
    jinja: { output: /^False$/ },
    engine: { output: /^True$/ },
  },
  {
    what: '`\\N{...}` escapes in string literals are a syntax error',
    template: /\\N\{/,
    jinja: { output: /[\s\S]/ },
    engine: { error: 'TemplateSyntaxError', message: /^\\N\{\.\.\.\} escapes are not supported/ },
  },
  {
    what: '`{% autoescape true %}`, `{% block x required %}`, unpacking in `{% with a, b = ... %}` and in block `{% set %}` are syntax errors',
    jinja: {},
    engine: {
      error: 'TemplateSyntaxError',
      message:
        /^(autoescaping is always off|required blocks need template inheritance|with needs one name per value|a block set needs a single name)/,
    },
  },
  {
    what: '`include`, `extends`, `import` are syntax errors',
    jinja: { error: 'TypeError', message: /^no loader for this environment specified$/ },
    engine: {
      error: 'TemplateSyntaxError',
      message: /^The '(include|extends|import|from)' tag is not part of/,
    },
  },
  {
    what: 'A negative float to a fractional power is a `ValueError`',
    jinja: { output: /j\)$/ },
    engine: {
      error: 'ValueError',
      message: /^a negative number raised to a fractional power has no real result$/,
    },
  },
  {
    what: 'A float to a power may differ from CPython in its last digit',
    template: /^\{\{ 2 \*\* -2\.5 \}\}$/,
    jinja: { output: /^0\.1767766952966369$/ },
    engine: { output: /^0\.17677669529663687$/ },
  },
  {
    what: '`str.encode` exists but calling it fails',
    jinja: {},
    engine: { error: 'TypeError', message: /^str\.encode\(\) is not supported/ },
  },
  {
    what: 'Format widths over 100,000 and ints over 1,000,000 bits are a `LimitError`',
    jinja: { output: /[\s\S]/ },
    engine: {
      error: 'LimitError',
      message: /^(format width or precision \d+ is too large|integer result is larger than)/,
    },
  },
  {
    what: "A `{% filter %}` block whose filter gives no text, or a `{% call %}` of something other than a macro (`dict()`), fails as in Jinja2, but the message leaves out the position Python's names (`sequence item 2: ...`)",
    template: /\{%-?\s*(filter|call)\b/,
    jinja: { error: 'TypeError', message: /^sequence item \d+: expected str instance, \w+ found$/ },
    engine: { error: 'TypeError', message: /^sequence item: expected str instance, \w+ found$/ },
  },
  {
    what: "What Python's compiler rejects in the code Jinja2 generates (`{% break %}` outside a loop, a keyword given twice) is a `TemplateSyntaxError`",
    jinja: { error: 'SyntaxError' },
    engine: { error: 'TemplateSyntaxError' },
  },
  {
    what: 'A slice inside a tuple subscript (`x[1, 2:3]`) is a `TemplateSyntaxError` that says why',
    template: /\[[^\]]*,[^\]]*\]/,
    jinja: { error: 'SyntaxError', message: /^invalid syntax \(<template>, line \d+\)$/ },
    engine: {
      error: 'TemplateSyntaxError',
      message: /^a slice \(a:b\) is only allowed directly inside brackets/,
    },
  },
  {
    what: "A name read only by a `{% set %}` block's filter is read as anywhere else",
    template: /\{%-?\s*set\s+\w+\s*\|/,
    jinja: {
      error: 'AssertionError',
      message: /^Tried to resolve a name to a reference that was unknown to the frame/,
    },
    engine: { output: /[\s\S]*/ },
  },
  {
    what: 'Macro and block calls nested deeper than `maxCallDepth` (100) are a `LimitError`',
    jinja: { error: 'RecursionError' },
    engine: { error: 'LimitError', message: /^(macro|block) calls nest deeper than \d+$/ },
  },
  {
    what: 'A macro parameter named twice is reported by its name',
    jinja: { error: 'SyntaxError', message: /^duplicate argument 'l_\d+_\w+' in function definition/ },
    engine: { error: 'TemplateSyntaxError', message: /^duplicate argument '\w+' in function definition$/ },
  },
  {
    what: 'A dict whose keys are all strings (from the data, or a literal with string keys in a template that names neither `update` nor `setdefault`) takes only string keys, and a Markup key as its text',
    jinja: { output: /[\s\S]/ },
    engine: { error: 'TypeError', message: /^this dict only takes str keys, not \w+$/ },
  },
  {
    what: 'A constant expression that builds more than 1,024 characters or items is evaluated when rendering',
    template: /\b(and|or)\b/,
    jinja: {},
    engine: { error: 'TemplateAssertionError', message: /^No (filter|test) named '\w+'\.$/ },
  },
  {
    what: 'An unknown filter or test reached in conditional code with keyword arguments fails as one without them',
    jinja: { error: 'TypeError', message: /<locals>\.t_\d+\(\) got an unexpected keyword argument '\w+'$/ },
    engine: { error: 'TemplateRuntimeError', message: /^No (filter|test) named '\w+' found\.$/ },
  },
  {
    what: '`loop` cannot be looped over (`{% for y in loop %}`)',
    jinja: {},
    engine: { error: 'TypeError', message: /^'LoopContext' object is not iterable$/ },
  },
  {
    what: 'A NaN or infinite float that Jinja2 folds into an expression is used as it is',
    jinja: { error: 'NameError', message: /^name '(nan|inf)' is not defined$/ },
    engine: { output: /[\s\S]*/ },
  },
  {
    what: 'A NaN inside a list, tuple or dict never matches itself (`x in [x]`, `[x] == [x]`)',
    template: /\{% set x = n\|float %\}/,
    jinja: { output: /True/ },
    engine: { output: /False/ },
  },
  {
    what: 'Dict keys and items cannot be subtracted (`d.keys() - other`)',
    jinja: {},
    engine: {
      error: 'TypeError',
      message:
        /^unsupported operand type\(s\) for -: '(dict_keys|dict_items|\w+)' and '(dict_keys|dict_items|\w+)'$/,
    },
    template: /\.(keys|items)\(\)/,
  },
];

/**
 * An output as compared: without objects' addresses, which differ from run to run in Python and for which the
 * engine prints a made-up one (no template could rely on one).
 */
export function comparableOutput(output: string): string {
  return output.replace(ADDRESS, '');
}

/**
 * Jinja2's message as the engine must print it, or `undefined` when it shows Python's internals that no
 * template could rely on: an object's address (`<function f at 0x7f...>`) or a Python source file. The place
 * in the generated module and the Python function a `**` argument went to are left out.
 */
export function comparableMessage(jinja: JinjaResult & { ok: false }): string | undefined {
  if (/\bat 0x[0-9a-f]+/.test(jinja.message) || /\.py\b/.test(jinja.message)) return undefined;
  return jinja.message.replace(GENERATED_CODE_PLACE, '').replace(PYTHON_FUNCTION, '');
}

/** Whether Jinja2's result is the one expected; an expectation with nothing in it takes any result. */
function matchesJinja(expected: Expected, jinja: JinjaResult): boolean {
  if (jinja.ok) {
    if (expected.output === undefined) return expected.error === undefined;
    return expected.output.test(comparableOutput(jinja.output));
  }
  if (expected.output !== undefined) return false;
  return (
    (expected.error === undefined || expected.error === jinja.errorType) &&
    (expected.message === undefined || expected.message.test(jinja.message))
  );
}

function matchesEngine(expected: Expected, engine: EngineResult, kind: string, jinja: JinjaResult): boolean {
  if (engine.ok) return expected.output?.test(engine.output) === true;
  if (expected.output !== undefined || 'crash' in engine || expected.error !== kind) return false;
  if (expected.message !== undefined) return expected.message.test(engine.error.message);
  return !jinja.ok && engine.error.message === comparableMessage(jinja);
}

/**
 * The deliberate difference that explains why the engine's result for `template` differs from Jinja2's, if
 * one does. `kind` is the Python exception the engine's error stands for.
 */
export function deliberateDifference(
  template: string,
  engine: EngineResult,
  kind: string,
  jinja: JinjaResult,
): DeliberateDifference | undefined {
  return deliberateDifferences.find(
    (d) =>
      (d.template === undefined || d.template.test(template)) &&
      matchesJinja(d.jinja, jinja) &&
      matchesEngine(d.engine, engine, kind, jinja),
  );
}
