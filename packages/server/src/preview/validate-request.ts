/**
 * The first checks of a preview request, before any workspace data is read: its headers and its body
 * against the schema and the rules of service-api.md 2, every problem as one `details` item.
 */
import { CompressionError, parseCompressionHeader } from '@personalize/compression';
import type { ErrorDetail } from '../errors/error-body';
import { jsonTypeName, problems } from '../errors/zod-issues';
import { asJsonObject, contentTypeProblem, parseJsonObject } from '../http/json-body';
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
  const contentType = contentTypeProblem(headers.contentType);
  if (contentType !== undefined) details.push(contentType);
  let compressed = false;
  try {
    compressed = parseCompressionHeader(headers.dataCompression);
  } catch (error) {
    if (!(error instanceof CompressionError)) throw error;
    details.push({ target: 'data-compression', message: error.message });
  }
  const body = parseJsonObject(text, 'a preview request');
  if (!body.ok) details.push(body.detail);
  return { details, compressed, body: body.ok ? body.value : undefined };
}

/** True when a payload has a value: an object with at least one key. */
function hasKeys(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length > 0;
}

type RawRequest = {
  personalization_content?: { payload?: unknown };
  personalization_details?: { user_attributes?: unknown; event_attributes?: unknown };
};

/**
 * The free-form objects (payload, attributes) as the client sent them. Zod's records leave out a key named
 * `__proto__`, which is an ordinary key in JSON: the sent objects are kept, and the payload value under that
 * key, which Zod did not see, is checked here.
 */
function recordsAsSent(raw: RawRequest, details: ErrorDetail[]) {
  const payload = asJsonObject(raw.personalization_content?.payload);
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
        parsed.personalization_details.user_attributes && asJsonObject(attributes?.user_attributes),
      event_attributes:
        parsed.personalization_details.event_attributes && asJsonObject(attributes?.event_attributes),
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
