import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';

const SOURCE = resolve(dirname(fileURLToPath(import.meta.url)), 'src');

/**
 * The modules a hot template gets a copy of (see src/compiler/code-copies.ts): the compiler, whose closures make
 * up a compiled template, with the loop object and the globals (`range`, `namespace`, `cycler`...), whose
 * classes only the compiler's own closures test for; the text, number, HTML and dict filters with Python's
 * formatting, which the copy runs as its own (src/compiler/own-filters.ts); and the operators, the methods of
 * str, list and dict, with the text, iteration, escaping and number-printing helpers they run on. Every other module stays one, shared by all copies, which
 * link to it through the table in src/compiler/copy-links.ts. A module whose classes, symbols or state other
 * modules rely on must not be copied: a value made by one copy would not be an instance of another's class.
 */
const COPIED = new Set([
  'compiler/compiler',
  'compiler/call-copies',
  'compiler/branch-text',
  'compiler/arguments',
  'compiler/fold',
  'compiler/globals',
  'compiler/item-stages',
  'compiler/loop',
  'compiler/scope',
  'compiler/source',
  'compiler/unchanging',
  'compiler/template-reference',
  'compiler/own-filters',
  'filters/dicts',
  'filters/html',
  'filters/lists',
  'filters/numbers',
  'filters/strings',
  'runtime/format',
  'runtime/iterate',
  'runtime/markup',
  'runtime/number-format',
  'filters/text',
  'runtime/methods',
  'runtime/operators',
  'runtime/strings',
  'tests/comparisons',
  'tests/types',
]);

/** The prefix of the module names a copy asks its linker for. */
const SHARED = 'personalize-shared:';

/**
 * Bundles the copied modules and leaves every other import of theirs to the linker, as `require('<SHARED>name')`
 * (a name the link table in compiler/copy-links.ts does not list fails the copy's load, and the own-code tests).
 * Fails the build when a copied module imports a package.
 */
function linkToShared(): NonNullable<Options['esbuildPlugins']>[number] {
  return {
    name: 'link-to-shared',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        if (!args.path.startsWith('.')) {
          return {
            errors: [{ text: `a copied module imports the package ${args.path}: copy it or share it` }],
          };
        }
        const name = relative(SOURCE, resolve(args.resolveDir, args.path)).replace(/\.ts$/, '');
        if (COPIED.has(name)) return undefined;
        return { path: `${SHARED}${name}`, external: true };
      });
    },
  };
}

export default defineConfig([
  {
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    // The copy below is built beside this bundle, at the same time.
    clean: ['!compiler-copy.cjs'],
    target: 'es2022',
    // `import.meta.url` in the CommonJS bundle, where code-copies.ts finds the copy beside it.
    shims: true,
  },
  {
    entry: { 'compiler-copy': 'src/compiler/copy-entry.ts' },
    format: ['cjs'],
    outExtension: () => ({ js: '.cjs' }),
    target: 'es2022',
    esbuildPlugins: [linkToShared()],
  },
]);
