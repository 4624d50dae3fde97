/** Both builds of the API and both engines under them, so that every rule is checked on each. */
import { fflateEngine } from '../../src/engines/fflate';
import { nodeEngine } from '../../src/engines/node';
import * as portable from '../../src/index';
import * as node from '../../src/node';

export const entries = [
  { name: 'portable entry (fflate)', api: portable, engine: fflateEngine },
  { name: 'Node entry (node:zlib)', api: node, engine: nodeEngine },
] as const;

export type Api = typeof portable;
