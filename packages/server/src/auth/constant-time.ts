/** Comparing secrets without telling, by the time it takes, how much of a guess was right. */

/**
 * True when `given` equals `expected`. The time depends only on the lengths, never on where the texts first
 * differ. Pure JS so that the app runs where `node:crypto` does not.
 *
 * @example
 * constantTimeEqual(password, workspace.keys.preview);
 */
export function constantTimeEqual(given: string, expected: string): boolean {
  const length = Math.max(given.length, expected.length);
  let difference = given.length ^ expected.length;
  for (let index = 0; index < length; index++) {
    // Out-of-range reads give NaN, which `| 0` turns into 0: the loop's work stays the same.
    difference |= (given.charCodeAt(index) | 0) ^ (expected.charCodeAt(index) | 0);
  }
  return difference === 0;
}
