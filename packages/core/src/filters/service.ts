/**
 * The filters the service adds to Jinja's built-ins (spec section 3, "Filters the service adds").
 * `filters/index.ts` merges this map into the registry.
 */
import type { FilterSpec } from '../runtime/state';
import { dateFormatter, dateTimeFormatter, days, today } from './dates';
import { base64decode, base64encode, urldecode } from './encoding';
import { convertToSHA256, convertToSHA256NoSalt } from './hashing';

/** The service's date, hashing and encoding filters, by name, with the service's parameter names. */
export const serviceFilters: ReadonlyMap<string, FilterSpec> = new Map<string, FilterSpec>([
  ['dateFormatter', { params: ['toFormat'], required: 1, fn: dateFormatter }],
  ['days', { params: ['other'], required: 1, fn: days }],
  ['today', { params: ['timeZone'], fn: today }],
  ['dateTimeFormatter', { params: ['toFormat', 'tzOffset', 'timeZone'], fn: dateTimeFormatter }],
  ['convertToSHA256', { params: ['key'], required: 1, fn: convertToSHA256 }],
  ['convertToSHA256NoSalt', { params: [], fn: convertToSHA256NoSalt }],
  ['base64encode', { params: [], fn: base64encode }],
  ['base64decode', { params: [], fn: base64decode }],
  ['urldecode', { params: [], fn: urldecode }],
]);
