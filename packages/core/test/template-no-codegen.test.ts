/**
 * The engine never builds code from strings (no `eval`, no `new Function`), so it runs where code generation is
 * forbidden: Cloudflare Workers, strict CSP pages, Node with --disallow-code-generation-from-strings. The one
 * file of code it loads itself, for templates that render often, is its own compiler-copy.cjs (code-copies.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { itOnBuiltEngine } from './helpers/built-engine';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');

/** Ways to build code from a string. `macroFunction(` is not one: a word must start at `Function`. */
const CODEGEN = [/\beval\s*\(/, /\bnew\s+Function\b/, /\bFunction\s*\(/];

function codegenIn(text: string): string[] {
  return CODEGEN.filter((pattern) => pattern.test(text)).map(String);
}

describe('no code generation', () => {
  it('the patterns catch eval and the Function constructor, and only those', () => {
    for (const bad of ['eval("1")', 'eval ("1")', 'new Function("return 1")', 'globalThis.Function("x")()']) {
      expect(codegenIn(bad)).not.toEqual([]);
    }
    for (const fine of ['this.macroFunction(node)', 'retrieval(x)', 'type Fn = Function;', '// evaluates']) {
      expect(codegenIn(fine)).toEqual([]);
    }
  });

  it('no source file of the engine uses eval, new Function or Function(', () => {
    const files = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' }).filter((f) =>
      /\.[cm]?[jt]s$/.test(f),
    );
    expect(files.length).toBeGreaterThan(40);
    const found = files.flatMap((file) =>
      codegenIn(readFileSync(join(root, 'src', file), 'utf8')).map((pattern) => `${file}: ${pattern}`),
    );
    expect(found).toEqual([]);
  });

  itOnBuiltEngine(
    'the built engine renders loops, macros, filters and the service filters under --disallow-code-generation-from-strings, with the shared code and with code of its own',
    { flags: ['--disallow-code-generation-from-strings'], fixture: 'no-codegen.mjs', timeoutMs: 20_000 },
    (stdout) => {
      const { codegenRefused, output, ownOutput, ownCode, onlyTheCopy } = JSON.parse(stdout) as {
        codegenRefused: boolean;
        output: string;
        ownOutput: string;
        ownCode: boolean;
        onlyTheCopy: boolean;
      };
      expect(codegenRefused).toBe(true);
      // Code of its own for a hot template is the engine's file compiler-copy.cjs loaded again, as Node loads any
      // module under this flag: the template renders the same, and no other code was compiled.
      expect(ownCode).toBe(true);
      expect(onlyTheCopy).toBe(true);
      expect(ownOutput).toBe(output);
      expect(output).toBe(
        [
          '1/2 Chair: 45.00 EUR;2/2 Desk Lamp: 19.50 EUR. total=64.5 DESK LAMP,CHAIR <a><b>',
          '10/14/2020 2 2024-03-10 2012-01-19 22:51:00 PM',
          'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
          '9c196e32dc0175f86f4b1cb89289d6619de6bee699e4c378e68309ed97a1a6ab',
          'aMOpbGxv héllo a%20b%26c a b',
        ].join(' '),
      );
    },
  );
});
