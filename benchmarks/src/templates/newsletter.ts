/**
 * A weekly newsletter: articles grouped by section with `groupby`, sorted by date, summaries stripped of their
 * HTML and truncated, a reading time that falls back on a word count, tags, and a count of the stories that
 * match the reader's interests.
 */
import { jinjaTitle, jinjaTruncate, strftimeUtc } from '../python-text';
import type { RealisticTemplate } from './realistic-template';

interface Article {
  title: string;
  section: string;
  author: { name: string };
  published: string;
  summary_html: string;
  url: string;
  featured: boolean;
  /** Absent when the CMS did not compute it: the template counts words instead. */
  read_minutes?: number;
  tags: string[];
}

/** The render variables: the reader's attributes, the issue number and the week's articles. */
export type NewsletterData = {
  UserAttribute: { 'First Name'?: string; ID: string; Interests: string[] };
  issue_number: number;
  articles: Article[];
};

const article = (
  n: number,
  section: string,
  title: string,
  author: string,
  summary: string,
  more: Partial<Article> = {},
): Article => ({
  title,
  section,
  author: { name: author },
  published: `2024-03-0${1 + ((n * 5) % 8)}`,
  summary_html: `<p>${summary}</p>`,
  url: `https://news.example.com/${section.toLowerCase()}/${title
    .toLowerCase()
    .replaceAll(' ', '-')
    .replaceAll(/[^a-z0-9-]/g, '')}`,
  featured: n % 5 === 0,
  read_minutes: n % 3 === 2 ? undefined : 3 + (n % 7),
  tags: [
    ['slow travel', 'trains'],
    ['typography'],
    [],
    ['recipes', 'spring'],
    ['architecture', 'cities', 'design'],
  ][n % 5],
  ...more,
});

const data: NewsletterData = {
  UserAttribute: { 'First Name': 'Søren', ID: 'u-30117+dk', Interests: ['design', 'travel'] },
  issue_number: 112,
  articles: [
    article(
      0,
      'Travel',
      'night trains across the alps',
      'Clémence Aubert',
      'Sleeper services are back: we rode <em>five</em> of them from Zürich to Ljubljana and kept a diary of the views, the food and the couchettes.',
    ),
    article(
      1,
      'Design',
      'the return of serif typefaces',
      'Jonas Weiß',
      'After a decade of geometric sans, brands are turning to <strong>serifs</strong> again. Three type designers explain why, and what it costs to license one.',
    ),
    article(
      2,
      'Food',
      'a week of spring soups',
      'Marta Głowacka',
      'Seven soups for the first warm week: nettle, wild garlic, pea and mint, and four more that need nothing but a pot and an hour.',
    ),
    article(
      3,
      'Culture',
      'inside the new harbour museum',
      'Ines Carvalho',
      'The museum opens on Saturday after six years of works. We toured the galleries with the curator, who chose the five pieces not to miss.',
    ),
    article(
      4,
      'Design',
      'small flats, clever storage',
      'Kenji Watanabe',
      'Four architects show how they fit a study, a guest bed and a workshop into flats of under fifty square metres, without a single custom cabinet.',
    ),
    article(
      5,
      'Travel',
      "a cyclist's guide to the danube",
      'Aleksander Nowak',
      'From Passau to Vienna in six days: where to sleep, which stretches to skip when it rains, and the bakeries worth a detour.',
    ),
    article(
      6,
      'Food',
      'why sourdough needs patience',
      'Lucía Fernández',
      'A baker from Valencia on the slow fermentation that gives her loaves their crust, and the three mistakes most home bakers make.',
    ),
    article(
      7,
      'Culture',
      'the podcasts we could not stop playing',
      'Noa Levi',
      'Our editors pick the shows that kept them company this winter, from a history of maps to a weekly call-in about houseplants.',
    ),
    article(
      8,
      'Travel',
      'lisbon beyond the tram',
      'Beatriz Sousa',
      'Skip the queue for tram 28: these walks through Graça and Marvila show a quieter side of the city, with lunch stops included.',
    ),
    article(
      9,
      'Design',
      'what makes a good chair',
      'Mette Sørensen',
      'We sat in forty chairs at the Copenhagen fair. The best ones shared three traits, and none of them was the price tag.',
    ),
    article(
      10,
      'Food',
      'the perfect omelette, tested',
      'Pierre Lefèvre',
      'Butter or oil, whisked or stirred, folded or rolled: we cooked sixty omelettes so that you only need to cook one.',
    ),
    article(
      11,
      'Culture',
      'a festival of small cinemas',
      'Giulia Romano',
      'Twelve independent cinemas screen the same film on the same night. Here is the programme, and how to get a ticket before they go.',
    ),
  ],
};

const jinja = `<h1>The Weekly Edit · n° {{ issue_number }}</h1>
<p>Hej {{ UserAttribute['First Name']|default('reader') }}, here is what we published this week.</p>
{% for section in articles|groupby('section') -%}
<h2>{{ section.grouper|upper }} ({{ section.list|length }})</h2>
{% for article in section.list|sort(attribute='published', reverse=true) -%}
<div class="article{% if article.featured %} featured{% endif %}">
  <h3><a href="{{ article.url }}?utm_source=newsletter&utm_campaign={{ 'weekly-' ~ issue_number }}">{{ article.title|title }}</a></h3>
  <p class="meta">{{ article.author.name }} · {{ article.published|dateFormatter('%d %b') }} · {{ article.read_minutes|default((article.summary_html|striptags|wordcount / 40)|round(0, 'ceil')|int) }} min read</p>
  <p>{{ article.summary_html|striptags|truncate(100) }}</p>
  {%- if article.tags %}
  <p class="tags">{% for tag in article.tags %}#{{ tag|replace(' ', '') }}{% if not loop.last %} {% endif %}{% endfor %}</p>
  {%- endif %}
</div>
{% endfor -%}
{% endfor -%}
{% if UserAttribute['Interests'] -%}
<p>Because you like {{ UserAttribute['Interests']|join(' and ') }}, we picked {{ articles|selectattr('section', 'in', UserAttribute['Interests']|map('title')|list)|list|length }} stories for you.</p>
{% endif -%}
<p><a href="https://news.example.com/preferences?u={{ UserAttribute['ID']|urlencode }}">Manage your preferences</a></p>`;

// nunjucks differs from Jinja2 in five places used here:
// - `groupby` returns an object keyed by the group, in first-seen order: `dictsort` orders it as Jinja2 does;
// - `sort` takes (reverse, case sensitive, attribute) positionally;
// - `truncate(n)` cuts at the last space at or before n and truncates anything longer than n: `truncate(96)`
//   prints what Jinja2's `truncate(100)` does for these summaries (all longer than 105 characters);
// - `title` capitalises after spaces only (the titles have no hyphens, so it agrees here);
// - `selectattr` takes no test, and there is no `map('title')`: the matching stories are counted in a loop.
const nunjucks = `<h1>The Weekly Edit · n° {{ issue_number }}</h1>
<p>Hej {{ UserAttribute['First Name']|default('reader') }}, here is what we published this week.</p>
{% for grouper, list in articles|groupby('section')|dictsort -%}
<h2>{{ grouper|upper }} ({{ list|length }})</h2>
{% for article in list|sort(true, false, 'published') -%}
<div class="article{% if article.featured %} featured{% endif %}">
  <h3><a href="{{ article.url }}?utm_source=newsletter&utm_campaign={{ 'weekly-' ~ issue_number }}">{{ article.title|title }}</a></h3>
  <p class="meta">{{ article.author.name }} · {{ article.published|dateFormatter('%d %b') }} · {{ article.read_minutes|default((article.summary_html|striptags|wordcount / 40)|round(0, 'ceil')|int) }} min read</p>
  <p>{{ article.summary_html|striptags|truncate(96) }}</p>
  {%- if article.tags|length %}
  <p class="tags">{% for tag in article.tags %}#{{ tag|replace(' ', '') }}{% if not loop.last %} {% endif %}{% endfor %}</p>
  {%- endif %}
</div>
{% endfor -%}
{% endfor -%}
{% if UserAttribute['Interests'] -%}
{% set picked = 0 %}{% for article in articles %}{% if article.section|lower in UserAttribute['Interests'] %}{% set picked = picked + 1 %}{% endif %}{% endfor -%}
<p>Because you like {{ UserAttribute['Interests']|join(' and ') }}, we picked {{ picked }} stories for you.</p>
{% endif -%}
<p><a href="https://news.example.com/preferences?u={{ UserAttribute['ID']|urlencode }}">Manage your preferences</a></p>`;

const TAGS = /<[^>]*>/g;
const WORD = /[\p{L}\p{N}_]+/gu;

function byHand({ UserAttribute: reader, issue_number: issue, articles }: NewsletterData): string {
  let out = `<h1>The Weekly Edit · n° ${issue}</h1>
<p>Hej ${reader['First Name'] ?? 'reader'}, here is what we published this week.</p>
`;
  const sections = new Map<string, Article[]>();
  for (const a of articles) {
    const list = sections.get(a.section);
    if (list) list.push(a);
    else sections.set(a.section, [a]);
  }
  for (const name of [...sections.keys()].sort()) {
    const list = sections.get(name) as Article[];
    out += `<h2>${name.toUpperCase()} (${list.length})</h2>\n`;
    // Stable, as Python's sort with reverse=True is: equal dates keep their order.
    const sorted = [...list].sort((a, b) =>
      a.published < b.published ? 1 : a.published > b.published ? -1 : 0,
    );
    for (const a of sorted) {
      const text = a.summary_html.replace(TAGS, '');
      const minutes = a.read_minutes ?? Math.ceil((text.match(WORD)?.length ?? 0) / 40);
      out += `<div class="article${a.featured ? ' featured' : ''}">
  <h3><a href="${a.url}?utm_source=newsletter&utm_campaign=weekly-${issue}">${jinjaTitle(a.title)}</a></h3>
  <p class="meta">${a.author.name} · ${strftimeUtc(new Date(a.published), '%d %b')} · ${minutes} min read</p>
  <p>${jinjaTruncate(text, 100)}</p>`;
      if (a.tags.length > 0)
        out += `\n  <p class="tags">${a.tags.map((t) => `#${t.replaceAll(' ', '')}`).join(' ')}</p>`;
      out += '\n</div>\n';
    }
  }
  if (reader.Interests.length > 0) {
    const wanted = reader.Interests.map(jinjaTitle);
    const picked = articles.filter((a) => wanted.includes(a.section)).length;
    out += `<p>Because you like ${reader.Interests.join(' and ')}, we picked ${picked} stories for you.</p>\n`;
  }
  return `${out}<p><a href="https://news.example.com/preferences?u=${encodeURIComponent(reader.ID)}">Manage your preferences</a></p>`;
}

/** The newsletter. */
export const newsletter: RealisticTemplate<NewsletterData> = {
  name: 'newsletter',
  style: 'HTML e-mail: groupby, sort(attribute=), striptags, truncate, wordcount, selectattr',
  jinja,
  nunjucks,
  data,
  byHand,
};
