/**
 * No regular expression in the packages backtracks super-linearly. A pattern such as `\d+\.?\d*` takes hours on a
 * few million digits and an `x`, inside one `exec` call, where the render's time limit cannot stop it; a
 * property test finds such an input only by chance. recheck (an automaton-based ReDoS checker) decides it for
 * every pattern: the literals of every package's sources, found by TypeScript's parser, and every pattern the
 * core builds with `new RegExp` while its modules load (recorded through a stand-in constructor).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkSync } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PACKAGES = ['core', 'compression', 'server', 'cli'];

interface Pattern {
  where: string;
  source: string;
  flags: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every regular expression literal of the packages' `src` folders, with its file and line. */
function literalPatterns(): Pattern[] {
  const found: Pattern[] = [];
  for (const pkg of PACKAGES) {
    for (const file of sourceFiles(join(ROOT, 'packages', pkg, 'src'))) {
      const sourceFile = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node): void => {
        if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
          const text = node.getText(sourceFile);
          const end = text.lastIndexOf('/');
          const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
          found.push({
            where: `${relative(ROOT, file)}:${line}`,
            source: text.slice(1, end),
            flags: text.slice(end + 1),
          });
        }
        ts.forEachChild(node, visit);
      };
      visit(sourceFile);
    }
  }
  return found;
}

/** The patterns the core constructs while its modules load, recorded by a stand-in for `RegExp`. */
async function constructedPatterns(): Promise<Pattern[]> {
  const found: Pattern[] = [];
  const original = globalThis.RegExp;
  const record = (args: unknown[]): void => {
    const [pattern, flags] = args;
    const source = pattern instanceof original ? pattern.source : String(pattern);
    found.push({
      where: 'new RegExp in @personalize/core',
      source,
      flags: flags === undefined ? '' : String(flags),
    });
  };
  globalThis.RegExp = new Proxy(original, {
    construct(target, args, newTarget) {
      record(args);
      return Reflect.construct(target, args, newTarget);
    },
    apply(target, thisArg, args) {
      record(args);
      return Reflect.apply(target, thisArg, args);
    },
  });
  try {
    // A query makes a module instance of its own, loaded now, whatever other test files imported before.
    await import(`${join(ROOT, 'packages/core/src/index.ts')}?linear-patterns`);
  } finally {
    globalThis.RegExp = original;
  }
  return found;
}

function unsafe(patterns: Pattern[]): string[] {
  return patterns.flatMap(({ where, source, flags }) => {
    const result = checkSync(source, flags.replace(/[^gimsuy]/g, ''), { timeout: 20_000 });
    if (result.status === 'safe') return [];
    const how =
      result.status === 'vulnerable'
        ? `${result.complexity.type}, attack ${result.attack.pattern.slice(0, 60)}`
        : `undecided: ${result.error.kind}`;
    return [`${where} /${source.slice(0, 80)}/${flags}: ${how}`];
  });
}

describe('every regular expression runs in linear time', () => {
  it('finds the literals, so the check below covers something', () => {
    expect(literalPatterns().length).toBeGreaterThan(50);
  });

  it('no literal of any package backtracks super-linearly', () => {
    expect(unsafe(literalPatterns())).toEqual([]);
  }, 120_000);

  it('no pattern the core builds at load time backtracks super-linearly', async () => {
    const built = await constructedPatterns();
    expect(built.length).toBeGreaterThan(5);
    expect(unsafe(built)).toEqual([]);
  }, 120_000);

  it("the checker does flag a quadratic pattern (as the date filters' test for numeric text once was)", () => {
    expect(unsafe([{ where: 'sample', source: '^[+-]?(?:\\d+\\.?\\d*|\\.\\d+)$', flags: '' }])).toHaveLength(
      1,
    );
  });
});
