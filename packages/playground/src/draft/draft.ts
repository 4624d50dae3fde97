/** What the author is working on: the message (as fields or as one JSON payload) and the sample data. */

/** How the message is written: a subject and a body, or one JSON payload whose strings are templates. */
export type MessageMode = 'fields' | 'payload';

/** Everything the page renders, and everything a shared link restores. */
export interface Draft {
  /** Which editor holds the message. */
  readonly mode: MessageMode;
  /** The subject template (fields mode). */
  readonly subject: string;
  /** The body template (fields mode). */
  readonly body: string;
  /** The payload as JSON text, every string a template (payload mode). */
  readonly payload: string;
  /** The sample data as JSON text: `UserAttribute`, `EventAttribute`, `ContentBlock`, `ProductSet`, `ContentApi`. */
  readonly sampleData: string;
}

/** The editors of the page, by the part of the draft they hold. */
export type EditorName = 'subject' | 'body' | 'payload' | 'sampleData';

/** The draft a new page opens with: a message reading every kind of data, rendered with the sample below. */
export const STARTER_DRAFT: Draft = {
  mode: 'fields',
  subject: "Hi {{ UserAttribute['First Name']|default('there')|title }}, picks for {{ UserAttribute.City }}",
  body: [
    "{% if EventAttribute['Product'] %}Thanks for looking at {{ EventAttribute['Product'] }}.{% endif %}",
    'Our bestsellers:',
    '{%- for p in ProductSet.bestsellers %}',
    "{{ loop.index }}. {{ p.title }}: {{ '%.2f'|format(p.price) }}",
    '{%- endfor %}',
    "{% set w = ContentApi.weather({'params': {'city': UserAttribute.City}}) -%}",
    "It is {{ w.temp|default('?') }} degrees in {{ UserAttribute.City }} today.",
    "{{ ContentBlock['footer'] }}",
  ].join('\n'),
  payload: JSON.stringify(
    {
      title: "Hi {{ UserAttribute['First Name']|title }}",
      message: 'Our bestseller: {{ ProductSet.bestsellers[0].title }}',
      coupon: "{{ UserAttribute['Coupon']|default('MOE_NOT_SEND') }}",
    },
    null,
    2,
  ),
  sampleData: JSON.stringify(
    {
      UserAttribute: { 'First Name': 'jane', City: 'Berlin' },
      EventAttribute: { Product: 'Desk lamp' },
      ContentBlock: { footer: "Thanks, {{ UserAttribute['First Name']|title }}" },
      ProductSet: {
        bestsellers: [
          { title: 'Lamp', price: 19.5 },
          { title: 'Desk', price: 120 },
        ],
      },
      ContentApi: { weather: { temp: 21 } },
    },
    null,
    2,
  ),
};

/** A problem to underline in one of the editors. */
export interface EditorProblem {
  /** The editor it is in. */
  readonly editor: EditorName;
  /** Where it starts and ends, as UTF-16 offsets in the editor's text (equal for a point). */
  readonly from: number;
  readonly to: number;
  /** An error stops the render; a warning does not. */
  readonly severity: 'error' | 'warning';
  /** What is wrong, with its place (the engine's `describe()` text for a template). */
  readonly message: string;
}
