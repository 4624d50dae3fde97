/**
 * Before anything is timed, every engine must print the hand-written function's text, byte for byte:
 * a faster engine that prints something else would make the comparison meaningless.
 */
import { emailData } from './data';
import type { Engine } from './engines';
import { renderEmailByHand } from './hand-written';

/** Where an engine's output first departs from the baseline. */
export interface OutputMismatch {
  /** The engine's name. */
  engine: string;
  /** The 1-based line of the first difference. */
  line: number;
  /** The baseline's text on that line (JSON-quoted so whitespace shows). */
  expected: string;
  /** The engine's text on that line, or the error it threw. */
  actual: string;
}

function firstDifference(engine: string, expected: string, actual: string): OutputMismatch {
  const want = expected.split('\n');
  const got = actual.split('\n');
  let i = 0;
  while (i < want.length && i < got.length && want[i] === got[i]) i++;
  const show = (line: string | undefined) => (line === undefined ? '(end of output)' : JSON.stringify(line));
  return { engine, line: i + 1, expected: show(want[i]), actual: show(got[i]) };
}

/** Renders the e-mail with each engine and returns every engine whose text differs from the baseline. */
export function findMismatches(engines: Engine[]): OutputMismatch[] {
  const expected = renderEmailByHand(emailData);
  const mismatches: OutputMismatch[] = [];
  for (const engine of engines) {
    let actual: string;
    try {
      actual = engine.compile(engine.source)(emailData);
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      mismatches.push({ engine: engine.name, line: 0, expected: '(the text)', actual: `threw ${reason}` });
      continue;
    }
    if (actual !== expected) mismatches.push(firstDifference(engine.name, expected, actual));
  }
  return mismatches;
}

/** Prints the mismatches in a form that points at the template line to fix. */
export function describeMismatches(mismatches: OutputMismatch[]): string {
  const lines = ['These engines do not print the hand-written text, so nothing was timed:'];
  for (const m of mismatches) {
    lines.push(`- ${m.engine}${m.line > 0 ? `, line ${m.line}` : ''}:`);
    lines.push(`    expected ${m.expected}`);
    lines.push(`    got      ${m.actual}`);
  }
  return lines.join('\n');
}
