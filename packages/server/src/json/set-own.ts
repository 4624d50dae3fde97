/** Writing keys that come from JSON, where a key such as `__proto__` must stay an ordinary key. */

/**
 * Sets `key` as an own, enumerable property of `target`: an assignment would change the prototype for
 * `__proto__` instead.
 *
 * @example
 * setOwn(out, '__proto__', 'text'); // Object.keys(out) includes '__proto__'
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  // Only `__proto__` is an accessor on `Object.prototype`: any other key is set by a plain (much quicker)
  // assignment, which makes an own property even where `Object.prototype` has a (writable) one of that name.
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else target[key] = value;
}
