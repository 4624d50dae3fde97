import * as portable from '../src/index';
import { describeBomb } from './helpers/bomb-suite';

describeBomb('portable entry (fflate)', portable);
