/**
 * The first checks of a preview request, before any workspace data is read: its headers and its body
 * against the schema and the rules of service-api.md 2, every problem as one `details` item.
 */
import { CompressionError, parseCompressionHeader } from '@personalize/compression';
import type { ErrorDetail } from '../errors/error-body';
import { jsonTypeName, problems } from '../errors/zod-issues';
import { type PreviewRequest, previewRequestSchema } from './preview-schema';

/** A request that passed the first checks, or why it did not. */
export type RequestValidation<R = PreviewRequest> =
  | {
      readonly ok: true;
      /** The request body. */
      readonly request: R;
      /** The request's id, for the log line (and the v5 answer's `response_id`). */
      readonly requestId: string;
      /** Content strings come, and go back, compressed. */
      readonly compressed: boolean;
    }
  | { readonly ok: false; readonly details: readonly ErrorDetail[] };

/** The request headers the checks read. */
export interface PreviewHeaders {
  /** `Content-Type`. */
  readonly contentType: string | undefined;
  /** `data-compression`. */
  readonly dataCompression: string | undefined;
}

/** What the first checks of every preview version found: problems, the compression switch, the JSON object. */
export interface PreviewBasics {
  /** Problems found so far. */
  readonly details: ErrorDetail[];
  /** The `data-compression` header is on. */
  readonly compressed: boolean;
  /** The body, when it is a JSON object. */
  readonly body: Record<string, unknown> | undefined;
}

/**
 * The checks every preview version makes before its schema: `Content-Type`, `data-compression`, and a body
 * that is a JSON object.
 */
export function checkPreviewBasics(text: string, headers: PreviewHeaders): PreviewBasics {
  const details: ErrorDetail[] = [];
  if (headers.contentType === undefined || !isJsonMediaType(headers.contentType)) {
    details.push({
      target: 'Content-Type',
      message: `The Content-Type header must be application/json${headers.contentType === undefined ? '' : `, got ${JSON.stringify(headers.contentType)}`}`,
    });
  }
  let compressed = false;
  try {
    compressed = parseCompressionHeader(headers.dataCompression);
  } catch (error) {
    if (!(error instanceof CompressionError)) throw error;
    details.push({ target: 'data-compression', message: error.message });
  }
  const body = parseBody(text);
  if (!body.ok) {
    details.push(body.detail);
    return { details, compressed, body: undefined };
  }
  if (typeof body.value !== 'object' || body.value === null || Array.isArray(body.value)) {
    details.push({ target: 'body', message: 'The body must be a JSON object (a preview request)' });
    return { details, compressed, body: undefined };
  }
  return { details, compressed, body: body.value as Record<string, unknown> };
}

function isJsonMediaType(contentType: string): boolean {
  return contentType.split(';')[0].trim().toLowerCase() === 'application/json';
}

/** True when a payload has a value: an object with at least one key. */
function hasKeys(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length > 0;
}

/** The body as JSON, or the problem with it. */
function parseBody(text: string): { ok: true; value: unknown } | { ok: false; detail: ErrorDetail } {
  if (text.trim() === '') {
    return {
      ok: false,
      detail: { target: 'body', message: 'The body is empty: send the preview request as JSON' },
    };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const reason = error instanceof SyntaxError ? `: ${error.message}` : '';
    return { ok: false, detail: { target: 'body', message: `The body is not valid JSON${reason}` } };
  }
}

type RawRequest = {
  personalization_content?: { payload?: unknown };
  personalization_details?: { user_attributes?: unknown; event_attributes?: unknown };
};

/** The value as a JSON object, or `undefined` when it is not one. */
export function ownRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/**
 * The free-form objects (payload, attributes) as the client sent them. Zod's records leave out a key named
 * `__proto__`, which is an ordinary key in JSON: the sent objects are kept, and the payload value under that
 * key, which Zod did not see, is checked here.
 */
function recordsAsSent(raw: RawRequest, details: ErrorDetail[]) {
  const payload = ownRecord(raw.personalization_content?.payload);
  const unseen = payload === undefined ? undefined : Object.getOwnPropertyDescriptor(payload, '__proto__');
  if (unseen !== undefined && typeof unseen.value !== 'string') {
    const target = 'personalization_content.payload.__proto__';
    details.push({ target, message: `${target} must be a string, got ${jsonTypeName(unseen.value)}` });
  }
  const attributes = raw.personalization_details;
  return (parsed: PreviewRequest): PreviewRequest => ({
    ...parsed,
    personalization_content: {
      ...parsed.personalization_content,
      payload: parsed.personalization_content.payload && (payload as Record<string, string>),
    },
    personalization_details: {
      ...parsed.personalization_details,
      user_attributes:
        parsed.personalization_details.user_attributes && ownRecord(attributes?.user_attributes),
      event_attributes:
        parsed.personalization_details.event_attributes && ownRecord(attributes?.event_attributes),
    },
  });
}

/**
 * Checks the headers and the body of a preview request: `Content-Type`, `data-compression`, the JSON, the
 * schema, and that the content has a payload or a custom template.
 *
 * @example
 * validatePreviewRequest('{"request_id": ""}', { contentType: 'application/json', dataCompression: undefined });
 * // { ok: false, details: [{ target: 'request_id', message: 'request_id is required but has no value' }, ...] }
 */
export function validatePreviewRequest(text: string, headers: PreviewHeaders): RequestValidation {
  const { details, compressed, body } = checkPreviewBasics(text, headers);
  if (body === undefined) return { ok: false, details };
  const parsed = previewRequestSchema.safeParse(body, { reportInput: true });
  if (!parsed.success) {
    for (const problem of problems(parsed.error.issues)) {
      details.push({ target: problem.path, message: problem.message });
    }
  }
  const content = (body as { personalization_content?: unknown }).personalization_content;
  if (typeof content === 'object' && content !== null) {
    const { payload, custom_template_data } = content as Record<string, unknown>;
    if (!hasKeys(payload) && (custom_template_data === undefined || custom_template_data === null)) {
      details.push({
        target: 'personalization_content',
        message:
          'personalization_content needs a value for payload (with at least one key) or custom_template_data',
      });
    }
  }
  const records = recordsAsSent(body as RawRequest, details);
  if (!parsed.success || details.length > 0) return { ok: false, details };
  return { ok: true, request: records(parsed.data), requestId: parsed.data.request_id, compressed };
}
