/**
 * What the compression benchmark feeds the codec: personalization content of a given UTF-8 size (HTML, words,
 * numbers, links, tokens and a few non-ASCII characters; gzip shrinks it about 3x, as real e-mail content),
 * and a typical preview payload of a few fields of 100 B to 2 KB with the variables it renders with.
 */

const WORDS = (
  'the of and to in a is that for it as was with be by on not your this are or from at which but have an ' +
  'you were all we their can has more if will other some what when who would time about how out up into ' +
  'than them only its may new these two any first over like such then our most very after also made before ' +
  'many through where well should each between must because those same back under way great both just even ' +
  'much while city day house world part still place small work since end number offer order shipped points ' +
  'reward member store account delivery free week sale price cart items saved favourite collection season'
).split(' ');

const PIECES = [
  (n: number) => `<a href="https://shop.example.com/p/${n}?utm_source=email">`,
  (n: number) => `${n % 100_000} `,
  () => "{{ UserAttribute['first_name'] }} ",
  () => 'Grüße € café ',
  () => '</a></p>\n<p>',
];

/** A deterministic stream of numbers in [0, 1) (mulberry32). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const encoder = new TextEncoder();

/** Content of exactly `bytes` bytes of UTF-8 (ASCII at the very end, so the cut is exact). */
export function contentOfBytes(bytes: number): string {
  const next = random(bytes);
  let text = '';
  let size = 0;
  while (size < bytes) {
    const r = next();
    const piece =
      r < 0.04
        ? PIECES[Math.floor(next() * PIECES.length)](Math.floor(next() * 1e6))
        : `${WORDS[Math.floor(next() * WORDS.length)]} `;
    text += piece;
    size += encoder.encode(piece).length;
  }
  while (encoder.encode(text).length > bytes) text = text.slice(0, -1);
  return text + ' '.repeat(bytes - encoder.encode(text).length);
}

/** A preview request's payload: subject, preheader, push title, plain text and HTML, 60 B to 2 KB each. */
export const typicalPayload: Record<string, string> = {
  subject: "{{ UserAttribute['first_name'] }}, your {{ UserAttribute['tier'] }} rewards are waiting inside",
  preheader:
    "Hi {{ UserAttribute['first_name'] | title }}, {{ UserAttribute['points'] }} points are yours to spend " +
    'before the end of the month. Open this e-mail to see what they buy.',
  push_title: "{{ EventAttribute['product'] }} is back in stock",
  text:
    "Hi {{ UserAttribute['first_name'] }},\n\n" +
    `${contentOfBytes(700)}\n\n` +
    "You have {{ UserAttribute['points'] }} points. {% if UserAttribute['tier'] == 'gold' %}As a gold member, " +
    'delivery is free.{% else %}Reach gold for free delivery.{% endif %}\n\nThe Example Shop team',
  html:
    "<html><body><h1>Hello {{ UserAttribute['first_name'] | title }}</h1>\n<p>" +
    `${contentOfBytes(1500)}</p>\n<ul>{% for item in EventAttribute['items'] %}<li>{{ item.name }}: ` +
    "{{ '%.2f' | format(item.price) }} EUR</li>{% endfor %}</ul>\n" +
    "<p>{{ UserAttribute['points'] }} points, {{ UserAttribute['city'] | default('your city') }}</p></body></html>",
};

/** The variables the typical payload renders with. */
export const typicalVariables = {
  UserAttribute: { first_name: 'ada', tier: 'gold', points: 1280, city: 'Zürich' },
  EventAttribute: {
    product: 'Trail Runner 2',
    items: [
      { name: 'Trail Runner 2', price: 129.9 },
      { name: 'Merino socks', price: 19 },
      { name: 'Rain shell', price: 89.5 },
    ],
  },
};
