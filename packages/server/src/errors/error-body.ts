/**
 * The service's error bodies (service-api.md 2.8 and 7.1): one shape for 400, 401, 413 and 429, with one
 * `details` item per problem, and the 500 shape whose `details` is a single object.
 */

/** One problem with a request: the field's JSON path or the header (`target`) and what is wrong with it. */
export interface ErrorDetail {
  /** The offending field (`personalization_details.channel`) or header (`SVC-APPKEY`). */
  readonly target: string;
  /** What is wrong, and what would fix it. */
  readonly message: string;
}

/** The body of a 400, 401, 413 or 429 answer. */
export interface RequestErrorBody {
  readonly error: { readonly message: string; readonly details: readonly ErrorDetail[] };
}

/** The body of a 500 answer: `details` is one object, and never says what failed inside. */
export interface ServerErrorBody {
  readonly error: { readonly message: 'Server Error'; readonly details: { readonly message: string } };
}

/** The short texts of `error.message`, by status. */
export const ERROR_MESSAGES = {
  invalid: 'Invalid Request',
  tooLarge: 'Payload Too Large',
  rateLimited: 'Rate limit reached',
  notFound: 'Not Found',
  methodNotAllowed: 'Method Not Allowed',
  server: 'Server Error',
  unavailable: 'Service Unavailable',
} as const;

/**
 * A request error body.
 *
 * @example
 * requestError('Invalid Request', [{ target: 'request_id', message: 'request_id is required but has no value' }]);
 */
export function requestError(message: string, details: readonly ErrorDetail[]): RequestErrorBody {
  return { error: { message, details } };
}

/** The 500 body: the same for every unexpected failure, so nothing about the server leaks. */
export function serverError(): ServerErrorBody {
  return {
    error: {
      message: 'Server Error',
      details: {
        message:
          'The server could not process the request. Try again later; if it keeps failing, contact support with the request_id.',
      },
    },
  };
}

/** The body of a 503 answer (the rate-limit store does not answer and fails closed): the 500 shape. */
export interface ServiceUnavailableBody {
  readonly error: { readonly message: 'Service Unavailable'; readonly details: { readonly message: string } };
}

/**
 * The 503 body, in the shape of the 500 one.
 *
 * @example
 * serviceUnavailable('The rate limits of this workspace cannot be checked right now; retry in 1 s');
 */
export function serviceUnavailable(message: string): ServiceUnavailableBody {
  return { error: { message: ERROR_MESSAGES.unavailable, details: { message } } };
}
