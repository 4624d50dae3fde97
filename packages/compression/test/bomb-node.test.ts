import * as node from '../src/node';
import { describeBomb } from './helpers/bomb-suite';

describeBomb('Node entry (node:zlib)', node);
