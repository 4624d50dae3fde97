import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';

const SOURCE = resolve(dirname(fileURLToPath(import.meta.url)), 'src');

/**
 * The modules a hot template gets a copy of (see src/compiler/code-copies.ts): the compiler, whose closures make
 * up a compiled template, with the loop object and the globals (`range`, `namespace`, `cycler`...), whose
 * classes only the compiler's own closures test for. Every other module stays one, shared by all copies, which
 * link to it through the table in src/compiler/copy-links.ts. A module whose classes, symbols or state other
 * modules rely on must not be copied: a value made by one copy would not be an instance of another's class.
 */
const COPIED = new Set([
  'compiler/copy-entry',
  'compiler/compiler',
  'compiler/arguments',
  'compiler/fold',
  'compiler/globals',
  'compiler/loop',
  'compiler/scope',
  'compiler/source',
]);

/** The prefix of the module names a copy asks its linker for. */
const SHARED = 'personalize-shared:';

/** Whether the link table has an entry for the module `name` (its key quoted or not, or shorthand). */
function listed(table: string, name: string): boolean {
  return table.split('\n').some((line) => {
    const entry = line.trim().replace(/'/g, '');
    return entry.startsWith(`${name}:`) || entry === `${name},`;
  });
}

/**
 * Bundles the copied modules and leaves every other import of theirs to the linker, as `require('<SHARED>name')`.
 * Fails the build when a copied module imports a module the link table does not list, or a package.
 */
function linkToShared(): NonNullable<Options['esbuildPlugins']>[number] {
  const table = readFileSync(resolve(SOURCE, 'compiler/copy-links.ts'), 'utf8');
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
        if (!listed(table, name)) {
          return {
            errors: [
              { text: `${name} is imported by a copied module but not listed in compiler/copy-links.ts` },
            ],
          };
        }
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
