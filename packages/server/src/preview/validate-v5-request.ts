/**
 * The first checks of a v5 preview request, before any workspace data is read: its headers, its body against
 * the schema, and the request id rules (service-additions.md, "Preview v5"), every problem as one `details` item
 * whose target is a JSON path of the v5 body or a header.
 */
import type { ErrorDetail } from '../errors/error-body';
import { problems } from '../errors/zod-issues';
import { asJsonObject } from '../http/json-body';
import { type V5PreviewRequest, v5PreviewRequestSchema } from './v5-preview-schema';
import { checkPreviewBasics, type PreviewHeaders, type RequestValidation } from './validate-request';

/** The header that carries the request id, as an alternative to `request_id`. */
export const REQUEST_ID_HEADER = 'X-MOE-Request-Id';

/** Deepest content accepted: far beyond any message's, and what keeps walking it from running out of stack. */
export const MAX_CONTENT_DEPTH = 32;

const CONTENT = 'campaign_content.content';

/** True when `value` nests objects and arrays deeper than `max` levels (walked without recursion). */
function nestsDeeperThan(value: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > max) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

/** The request id: the header's, the body's, or both when they match. */
function requestIdOf(header: string | undefined, body: unknown, details: ErrorDetail[]): string {
  const fromHeader = header?.trim() ?? '';
  const fromBody = typeof body === 'string' ? body : '';
  if (fromHeader !== '' && fromBody !== '' && fromHeader !== fromBody) {
    details.push({
      target: REQUEST_ID_HEADER,
      message: `${REQUEST_ID_HEADER} ${JSON.stringify(fromHeader)} and request_id ${JSON.stringify(fromBody)} must match: send one, or the same id in both`,
    });
  } else if (fromHeader === '' && (body === undefined || body === null)) {
    details.push({
      target: 'request_id',
      message: `request_id is required but has no value: send it in the body or in the ${REQUEST_ID_HEADER} header`,
    });
  }
  return fromHeader || fromBody;
}

/**
 * Checks the headers and the body of a v5 preview request: `Content-Type`, `data-compression`, the JSON, the
 * schema, the request id, and content that is not empty and not nested past `MAX_CONTENT_DEPTH`.
 *
 * @example
 * validateV5PreviewRequest(text, { contentType: 'application/json', dataCompression: undefined, requestId: 'p-1' });
 */
export function validateV5PreviewRequest(
  text: string,
  headers: PreviewHeaders & { readonly requestId: string | undefined },
): RequestValidation<V5PreviewRequest> {
  const { details, compressed, body } = checkPreviewBasics(text, headers);
  if (body === undefined) return { ok: false, details };
  const parsed = v5PreviewRequestSchema.safeParse(body, { reportInput: true });
  const requestId = requestIdOf(headers.requestId, body.request_id, details);
  if (!parsed.success) {
    for (const problem of problems(parsed.error.issues)) {
      details.push({ target: problem.path, message: problem.message });
    }
  }
  // Zod's records leave out a key named `__proto__`, an ordinary key in JSON: the objects as sent are kept.
  const sent = {
    content: asJsonObject(asJsonObject(body.campaign_content)?.content),
    userAttributes: asJsonObject(body.user_attributes),
    eventAttributes: asJsonObject(body.event_attributes),
  };
  if (sent.content !== undefined) {
    if (Object.keys(sent.content).length === 0) {
      details.push({
        target: CONTENT,
        message: `${CONTENT} needs at least one key: the content to personalize`,
      });
    } else if (nestsDeeperThan(sent.content, MAX_CONTENT_DEPTH)) {
      details.push({ target: CONTENT, message: `${CONTENT} nests deeper than ${MAX_CONTENT_DEPTH} levels` });
    }
  }
  if (!parsed.success || details.length > 0) return { ok: false, details };
  const request: V5PreviewRequest = {
    ...parsed.data,
    campaign_content: { content: sent.content ?? parsed.data.campaign_content.content },
    user_attributes: parsed.data.user_attributes && sent.userAttributes,
    event_attributes: parsed.data.event_attributes && sent.eventAttributes,
  };
  return { ok: true, request, requestId, compressed };
}
