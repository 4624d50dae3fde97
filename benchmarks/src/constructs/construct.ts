/**
 * One construct of the template language, measured alone: a small template that applies it about 20 times
 * over the shop's data, beside the JavaScript a careful developer would write to print the same text.
 */
import type { OrderLine, ShopData } from './shop-data';

/** What part of the language a construct exercises; the table groups nothing by it, `--filter` can. */
export type Family =
  | 'output'
  | 'filter'
  | 'test'
  | 'method'
  | 'operator'
  | 'statement'
  | 'loop'
  | 'format'
  | 'service';

/** A construct: its template, the hand-written function, and the nunjucks source when it needs adjusting. */
export interface Construct {
  /** Unique, in the template's own notation: `|upper`, `is odd`, `.strip()`, `{% if/elif %}`. */
  name: string;
  family: Family;
  /** The template in the service's dialect; Jinja2 3.1 is its reference. */
  template: string;
  /**
   * Prints what Jinja2 prints for `template`, written as plain idiomatic JavaScript for this data (Python's
   * rules where they show in the text, such as float repr; the JS built-in where it agrees on the data).
   */
  byHand(data: ShopData): string;
  /**
   * The nunjucks source, when `template` must be adjusted for nunjucks to print the same text (a comment beside
   * it says why). Without it nunjucks renders `template` itself, and is timed only when it prints the same text.
   */
  nunjucks?: string;
  /**
   * What Jinja2 renders as the reference when `template` uses a form of the service's dialect that Jinja2 does
   * not have (`{% cycle %}`, `{% MOE_NOT_SEND %}`): the equivalent the spec gives. Defaults to `template`.
   */
  jinjaTemplate?: string;
}

/**
 * A construct that prints one line per order line: `{% for item in items %}<line>\n{% endfor %}`, beside a
 * hand-written loop that appends `byHand(item, index)` and a newline.
 */
export function perLine(
  family: Family,
  name: string,
  line: string,
  byHand: (item: OrderLine, index: number) => string,
): Construct {
  return {
    name,
    family,
    template: `{% for item in items %}${line}\n{% endfor %}`,
    byHand: ({ items }) => {
      let out = '';
      for (let i = 0; i < items.length; i++) out += `${byHand(items[i], i)}\n`;
      return out;
    },
  };
}
