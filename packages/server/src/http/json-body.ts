/** Request bodies that must be JSON objects: the `Content-Type` header and the text, checked. */
import type { ErrorDetail } from '../errors/error-body';

/**
 * The problem with a request's `Content-Type` for a JSON body (`application/json`, any parameters), or
 * `undefined` when there is none.
 */
export function contentTypeProblem(contentType: string | undefined): ErrorDetail | undefined {
  if (contentType !== undefined && contentType.split(';')[0].trim().toLowerCase() === 'application/json')
    return undefined;
  return {
    target: 'Content-Type',
    message: `The Content-Type header must be application/json${contentType === undefined ? '' : `, got ${JSON.stringify(contentType)}`}`,
  };
}

/**
 * The body as a JSON object, or the problem with it (target `body`); `what` names what the body should be
 * (`the preview request`).
 *
 * @example
 * parseJsonObject('[1]', 'the preview request');
 * // { ok: false, detail: { target: 'body', message: 'The body must be a JSON object (the preview request)' } }
 */
export function parseJsonObject(
  text: string,
  what: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; detail: ErrorDetail } {
  if (text.trim() === '') {
    return { ok: false, detail: { target: 'body', message: `The body is empty: send ${what} as JSON` } };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof SyntaxError ? `: ${error.message}` : '';
    return { ok: false, detail: { target: 'body', message: `The body is not valid JSON${reason}` } };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, detail: { target: 'body', message: `The body must be a JSON object (${what})` } };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

/** The value as a JSON object, or `undefined` when it is not one. */
export function asJsonObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
