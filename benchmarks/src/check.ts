/** Checks, without timing anything, that every engine prints the hand-written text (`pnpm check`). */
import { engines } from './engines';
import { describeMismatches, findMismatches } from './verify';

const mismatches = findMismatches(engines);
if (mismatches.length > 0) {
  console.error(describeMismatches(mismatches));
  process.exitCode = 1;
} else {
  console.log(`All ${engines.length} engines print the hand-written text.`);
}
