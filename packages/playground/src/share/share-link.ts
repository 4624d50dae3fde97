/**
 * A draft in a link: the template and the sample data, compressed with `@personalize/compression`, in the URL
 * fragment (`#draft=...`), which a browser never sends to a server, so no server log ever holds it.
 * Credentials are never part of it.
 */
import { CompressionError, decodeValue, encodeValue } from '@personalize/compression';
import type { Draft } from '../draft/draft';

const KEY = 'draft=';

/** Largest draft a link may inflate to, in bytes: far above any message, far below what hurts a page. */
const MAX_DRAFT_BYTES = 1024 * 1024;

/** The fragment (`#draft=...`) that holds `draft`: gzip, URL-safe Base64 without padding. */
export function draftFragment(draft: Draft): string {
  const { mode, subject, body, payload, sampleData } = draft;
  const packed = encodeValue(JSON.stringify({ mode, subject, body, payload, sampleData }));
  return `#${KEY}${packed.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

/** The draft of a link, why it cannot be read, or nothing when the fragment holds no draft. */
export type SharedDraft =
  | { readonly ok: true; readonly draft: Draft }
  | { readonly ok: false; readonly reason: string }
  | undefined;

const TEXT_FIELDS = ['subject', 'body', 'payload', 'sampleData'] as const;

/**
 * Reads the draft of a fragment (`location.hash`). A fragment cut short, changed or made by something else
 * gives the reason; nothing is inflated past 1 MiB.
 *
 * @example
 * draftFromFragment(draftFragment(draft)) // { ok: true, draft }
 */
export function draftFromFragment(hash: string): SharedDraft {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!fragment.startsWith(KEY)) return undefined;
  let text: string;
  try {
    text = decodeValue(fragment.slice(KEY.length), { maxBytes: MAX_DRAFT_BYTES });
  } catch (error) {
    if (error instanceof CompressionError)
      return { ok: false, reason: `the link is damaged: ${error.detail}` };
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'the link holds no draft: its text is not JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, reason: 'the link holds no draft: it is not a JSON object' };
  const record = value as Record<string, unknown>;
  if (record.mode !== 'fields' && record.mode !== 'payload')
    return { ok: false, reason: 'the link holds no draft: its mode is neither "fields" nor "payload"' };
  for (const field of TEXT_FIELDS) {
    if (typeof record[field] !== 'string')
      return { ok: false, reason: `the link holds no draft: its ${field} is not text` };
  }
  const [subject, body, payload, sampleData] = TEXT_FIELDS.map((field) => record[field] as string);
  return { ok: true, draft: { mode: record.mode, subject, body, payload, sampleData } };
}
