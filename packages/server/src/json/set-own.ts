/** Writing keys that come from JSON, where a key such as `__proto__` must stay an ordinary key. */

/**
 * Sets `key` as an own, enumerable property of `target`: an assignment would change the prototype for
 * `__proto__` instead.
 *
 * @example
 * setOwn(out, '__proto__', 'text'); // Object.keys(out) includes '__proto__'
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
