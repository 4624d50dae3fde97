/**
 * What a copy of the compiler's code provides (see code-copies.ts): built on its own as dist/compiler-copy.cjs,
 * whose imports of shared modules are linked to the table in copy-links.ts.
 */
export { Compiler } from './compiler';
