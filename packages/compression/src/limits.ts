/** The default caps on inflated size, and the checks on the options that change them. */

/** Default cap on the inflated size of one value, in bytes: 1 MiB. */
export const DEFAULT_MAX_VALUE_BYTES = 1024 * 1024;

/** Default cap on the inflated size of all of a payload's values together, in bytes: 8 MiB. */
export const DEFAULT_MAX_PAYLOAD_BYTES = 8 * 1024 * 1024;

/** A cap option as given, or its default; a cap that is not a whole number of bytes is a programming error. */
export function capOption(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole number of bytes, 0 or more; got ${value}`);
  }
  return value;
}
