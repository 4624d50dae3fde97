/**
 * One e-mail, written once per engine. The Jinja source is the reference: the others are adjusted, where
 * their built-ins differ from Jinja2's, until they print the same text for `emailData` (see the comments).
 * None of the sources ends in a newline, because Jinja2 drops one trailing newline and the peers do not.
 */

/** The e-mail in the service's Jinja dialect, as Personalize renders it (Python Jinja2 3.1 semantics). */
export const jinjaEmail = `<html>
<head><title>{{ user.first_name|title }}, your picks for this week</title></head>
<body>
<p>Hi {{ user.first_name|title }} {{ user.last_name|upper }} ({{ user.nickname|default('friend') }}),</p>
<p>Greetings from {{ user.city|replace('-', ' ')|title }}. You follow {{ user.interests|join(', ') }}.</p>
<p>{{ user.bio|truncate(40) }}</p>
<p>Balance: \${{ '%.2f'|format(user.balance) }}. Points: {{ user.points }}, about {{ (user.points / 3)|round(1) }} a month.</p>
{% if user.tier == 'gold' %}
<p>Gold members ship free.</p>
{% elif user.tier == 'silver' %}
<p>Silver members save 10% this week.</p>
{% else %}
<p>Join Silver to save 10%.</p>
{% endif %}
<ul>
{% for p in products %}
<li class="{% if loop.first %}first{% elif loop.last %}last{% else %}item{% endif %}">{{ loop.index }}. {{ p.name|title }}: \${{ p.price|round(1) }}</li>
{% endfor %}
</ul>
<p>Sent to {{ user.email|lower }}.</p>
</body>
</html>`;

// nunjucks differs from Jinja2 in three places used here:
// - `truncate(n)` cuts at the last space at or before index n, Jinja2's at the last space before n - 3
//   (and keeps the text whole up to n + 5 characters): `truncate(36)` prints what Jinja2's `truncate(40)` does.
// - there is no `format` filter, but nunjucks may call JS methods: `toFixed(2)` stands in for `'%.2f'|format`
//   (they agree except on exact binary ties such as 0.125, which the data avoids).
// - `round` returns a JS number, so a float that rounds to an integral value prints `35`, where Python prints
//   `35.0`; the template appends `.0` itself when the input was not integral (an int stays an int in Jinja2).
/** The e-mail for nunjucks (Jinja syntax, JS semantics). */
export const nunjucksEmail = `<html>
<head><title>{{ user.first_name|title }}, your picks for this week</title></head>
<body>
<p>Hi {{ user.first_name|title }} {{ user.last_name|upper }} ({{ user.nickname|default('friend') }}),</p>
<p>Greetings from {{ user.city|replace('-', ' ')|title }}. You follow {{ user.interests|join(', ') }}.</p>
<p>{{ user.bio|truncate(36) }}</p>
<p>Balance: \${{ user.balance.toFixed(2) }}. Points: {{ user.points }}, about {% set perMonth = (user.points / 3)|round(1) %}{{ perMonth }}{% if perMonth == perMonth|int %}.0{% endif %} a month.</p>
{% if user.tier == 'gold' %}
<p>Gold members ship free.</p>
{% elif user.tier == 'silver' %}
<p>Silver members save 10% this week.</p>
{% else %}
<p>Join Silver to save 10%.</p>
{% endif %}
<ul>
{% for p in products %}
<li class="{% if loop.first %}first{% elif loop.last %}last{% else %}item{% endif %}">{{ loop.index }}. {{ p.name|title }}: \${% set price = p.price|round(1) %}{{ price }}{% if price == price|int and p.price != p.price|int %}.0{% endif %}</li>
{% endfor %}
</ul>
<p>Sent to {{ user.email|lower }}.</p>
</body>
</html>`;

// Liquid differs more:
// - there is no `title` filter and no printf-like one: `title` and `fixed` are registered on the engine
//   (see engines.ts), written plainly.
// - `truncate: n` cuts mid-word; `truncatewords: 5` prints what Jinja2's `truncate(40)` does for this bio.
// - `round` returns a JS number: the template appends `.0` as the nunjucks one does.
/** The e-mail for liquidjs. */
export const liquidEmail = `<html>
<head><title>{{ user.first_name | title }}, your picks for this week</title></head>
<body>
<p>Hi {{ user.first_name | title }} {{ user.last_name | upcase }} ({{ user.nickname | default: 'friend' }}),</p>
<p>Greetings from {{ user.city | replace: '-', ' ' | title }}. You follow {{ user.interests | join: ', ' }}.</p>
<p>{{ user.bio | truncatewords: 5 }}</p>
<p>Balance: \${{ user.balance | fixed: 2 }}. Points: {{ user.points }}, about {% assign per_month = user.points | divided_by: 3 | round: 1 %}{{ per_month }}{% assign whole = per_month | floor %}{% if per_month == whole %}.0{% endif %} a month.</p>
{% if user.tier == 'gold' %}
<p>Gold members ship free.</p>
{% elsif user.tier == 'silver' %}
<p>Silver members save 10% this week.</p>
{% else %}
<p>Join Silver to save 10%.</p>
{% endif %}
<ul>
{% for p in products %}
<li class="{% if forloop.first %}first{% elsif forloop.last %}last{% else %}item{% endif %}">{{ forloop.index }}. {{ p.name | title }}: \${% assign price = p.price | round: 1 %}{{ price }}{% assign whole = price | floor %}{% assign whole_in = p.price | floor %}{% if price == whole and p.price != whole_in %}.0{% endif %}</li>
{% endfor %}
</ul>
<p>Sent to {{ user.email | downcase }}.</p>
</body>
</html>`;

// Handlebars has no filters: every transformation is a helper registered once (engines.ts). It is compiled
// with `ignoreStandalone` so block tags on their own line keep their newlines, as Jinja2's do.
/** The e-mail for Handlebars. */
export const handlebarsEmail = `<html>
<head><title>{{title user.first_name}}, your picks for this week</title></head>
<body>
<p>Hi {{title user.first_name}} {{upper user.last_name}} ({{default user.nickname "friend"}}),</p>
<p>Greetings from {{title (replace user.city "-" " ")}}. You follow {{join user.interests ", "}}.</p>
<p>{{truncate user.bio 40}}</p>
<p>Balance: \${{fixed user.balance 2}}. Points: {{user.points}}, about {{round (divide user.points 3) 1}} a month.</p>
{{#if (eq user.tier "gold")}}
<p>Gold members ship free.</p>
{{else if (eq user.tier "silver")}}
<p>Silver members save 10% this week.</p>
{{else}}
<p>Join Silver to save 10%.</p>
{{/if}}
<ul>
{{#each products}}
<li class="{{#if @first}}first{{else if @last}}last{{else}}item{{/if}}">{{inc @index}}. {{title name}}: \${{round price 1}}</li>
{{/each}}
</ul>
<p>Sent to {{lower user.email}}.</p>
</body>
</html>`;

/**
 * The source behind a numbered line of plain text, so each compile sees a distinct source. Text rather than
 * a template comment: nunjucks and Handlebars drop comments and would then generate identical JavaScript,
 * which V8 compiles once and caches, hiding their real compile cost and heap.
 */
export function variantOf(source: string, variant: number): string {
  return `<!-- variant ${variant} -->\n${source}`;
}
