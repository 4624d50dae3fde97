/** What a personalized render gives back: the text or "not sent", per template or per payload field, and warnings. */
import type { TemplateError } from '../errors';

/** A source that failed or was cut short during a render; the render went on with an empty value. */
export interface RenderWarning {
  /** The data object whose source failed. */
  readonly source: 'user_attributes' | 'content_block' | 'content_api' | 'product_set';
  /** The block, API or set name (for user attributes, the user's identifier value). */
  readonly name: string;
  /** What happened, for a person: `Content API 'weather' failed: timed out after 2000 ms`. */
  readonly message: string;
}

/** The outcome of rendering one template: its text, or "not sent" with the template's reason. */
export type RenderResult =
  | {
      /** The message may be sent. */
      readonly status: 'sent';
      /** The rendered text. */
      readonly text: string;
      /** Sources that failed; the text has empty values in their place. */
      readonly warnings: readonly RenderWarning[];
    }
  | {
      /** The template said not to send (`MOE_NOT_SEND`, or `default('MOE_NOT_SEND')` on a missing value). */
      readonly status: 'not_sent';
      /** The template's reason. */
      readonly reason: string;
      /** Sources that failed before the template stopped. */
      readonly warnings: readonly RenderWarning[];
    };

/** A key path into a payload: object keys and array indexes. */
export type PayloadPath = readonly (string | number)[];

/** A payload field that did not render. */
export type PayloadFailure =
  | {
      /** Where the field is in the payload. */
      readonly path: PayloadPath;
      /** The field's template said not to send. */
      readonly status: 'not_sent';
      /** The template's reason. */
      readonly reason: string;
    }
  | {
      /** Where the field is in the payload. */
      readonly path: PayloadPath;
      /** The field's template failed (syntax, render, limit, not found, content block). */
      readonly status: 'error';
      /** The error, with line, column and code frame when known. */
      readonly error: TemplateError;
    };

/** The outcome of rendering a whole payload with one set of fetches. */
export interface PayloadResult<T> {
  /** The payload in its own shape, every string replaced by its rendered text (`''` for a failed field). */
  readonly payload: T;
  /** The fields that did not render; empty when the whole message may be sent. */
  readonly failures: readonly PayloadFailure[];
  /** Sources that failed, for the whole payload. */
  readonly warnings: readonly RenderWarning[];
}
