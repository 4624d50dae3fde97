/**
 * A realistic template of the benchmark: a message of one style (order e-mail, SMS, push...), written for this
 * repository, with its data and the JavaScript function a careful developer would write to print exactly
 * Jinja2's text for it.
 */

/** One realistic template. `D` is a type alias of its data (a record of render variables). */
export interface RealisticTemplate<D extends Record<string, unknown> = Record<string, unknown>> {
  /** Short name for the tables: `order confirmation`. */
  name: string;
  /** What the template exercises, in a few words. */
  style: string;
  /** The source in the service's dialect; Jinja2 3.1 is its reference. */
  jinja: string;
  /**
   * The nunjucks source, adjusted where nunjucks' built-ins differ (comments beside it say where and why);
   * absent where an equivalent would be a rewrite rather than an adjustment.
   */
  nunjucks?: string;
  /** The render variables: plain JSON, as the service passes them. */
  data: D;
  /** Prints what Jinja2 prints for `jinja` with `data`. */
  byHand(data: D): string;
}
