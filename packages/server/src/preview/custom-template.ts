/** Custom template records (service-api.md 2.7): which parts are personalized, and the record returned. */
import { setOwn } from '../json/set-own';
import type { CustomTemplateRecord } from '../workspaces/workspace';

const PLATFORM_NAME = /^[A-Z][A-Z0-9_]*$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The record's platform objects (`ANDROID`, `IOS`, `WEB`, ...): the keys `meta_info.platform` lists, and any
 * other upper-case key holding an object. Only their strings are personalized; `meta_info` and the other
 * fields are returned as stored.
 *
 * @example
 * platformsOf({ meta_info: { platform: ['ANDROID'] }, ANDROID: { basic_details: { title: 'Hi' } }, version: 1 });
 * // { ANDROID: { basic_details: { title: 'Hi' } } }
 */
export function platformsOf(record: CustomTemplateRecord): Record<string, unknown> {
  const listed = new Set<string>();
  const meta = record.meta_info;
  if (isObject(meta) && Array.isArray(meta.platform)) {
    for (const platform of meta.platform)
      if (typeof platform === 'string') listed.add(platform.toUpperCase());
  }
  const platforms: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (isObject(value) && (listed.has(key.toUpperCase()) || PLATFORM_NAME.test(key))) {
      setOwn(platforms, key, value);
    }
  }
  return platforms;
}

/** The record as returned: its personalized platform objects in place, and the template id of the request. */
export function personalizedRecord(
  record: CustomTemplateRecord,
  platforms: Readonly<Record<string, unknown>>,
  templateId: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    setOwn(out, key, Object.hasOwn(platforms, key) ? platforms[key] : value);
  }
  setOwn(out, 'external_template_id', templateId);
  return out;
}
