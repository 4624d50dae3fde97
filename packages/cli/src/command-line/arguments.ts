/** Command-line arguments through Node's `util.parseArgs`, with mistakes reported as usage errors. */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { CommandError, messageOf } from './command-error';

type Options = NonNullable<ParseArgsConfig['options']>;

/** The parsed arguments of one command. */
export interface ParsedArguments<T extends Options> {
  /** The options given, by name. */
  readonly values: ReturnType<
    typeof parseArgs<{ options: T; allowPositionals: true; strict: true }>
  >['values'];
  /** The arguments that are not options (the files). */
  readonly positionals: readonly string[];
}

/** Parses `args` against `options`; an unknown option or a missing value is a `CommandError` ending in `usage`. */
export function parseCommandArguments<T extends Options>(
  args: readonly string[],
  options: T,
  usage: string,
): ParsedArguments<T> {
  try {
    const { values, positionals } = parseArgs({
      args: [...args],
      options,
      allowPositionals: true,
      strict: true,
    });
    return { values, positionals };
  } catch (error) {
    throw new CommandError(`${messageOf(error)}\n\n${usage}`);
  }
}

/** A `CommandError` for a mistake in the arguments, followed by the command's usage. */
export function usageError(message: string, usage: string): CommandError {
  return new CommandError(`${message}\n\n${usage}`);
}

/** Parses `--workers`-like options: a whole number from `min` up. */
export function wholeNumber(text: string, option: string, min: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || !Number.isSafeInteger(value)) {
    throw new CommandError(`${option} must be a whole number from ${min} up, got ${JSON.stringify(text)}`);
  }
  return value;
}
