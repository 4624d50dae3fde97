/**
 * A monthly loyalty statement in Polish: two macros (a signed points cell and a table row), a `namespace`
 * carrying the running balance and the month's totals, `'{:,}'.format` for points, the progress to the next
 * tier as a rounded percentage, and the rewards' worth with `'%.2f'`.
 */
import { pyRoundText, strftimeUtc } from '../python-text';
import type { RealisticTemplate } from './realistic-template';

interface Transaction {
  date: string;
  description: string;
  /** Absent for online orders and adjustments. */
  store?: string;
  points: number;
  type: 'earn' | 'redeem' | 'bonus' | 'expire';
}

/** The render variables: the member's attributes, the month and its transactions. */
export type LoyaltyStatementData = {
  UserAttribute: {
    'First Name': string;
    'Loyalty ID': string;
    'Opening Balance': number;
    Tier: string;
    'Next Tier'?: string;
    'Next Tier Threshold': number;
  };
  month_name: string;
  transactions: Transaction[];
};

const tx = (
  date: string,
  description: string,
  points: number,
  type: Transaction['type'],
  store?: string,
): Transaction =>
  store === undefined ? { date, description, points, type } : { date, description, points, type, store };

const data: LoyaltyStatementData = {
  UserAttribute: {
    'First Name': 'Łukasz',
    'Loyalty ID': 'LY-0048213',
    'Opening Balance': 17385,
    Tier: 'Gold',
    'Next Tier': 'Platinum',
    'Next Tier Threshold': 25000,
  },
  month_name: 'February',
  transactions: [
    tx('2024-02-02', 'Zakupy spożywcze', 412, 'earn', 'Kraków, Galeria Krakowska'),
    tx('2024-02-03', 'Kawa i ciastko', 38, 'earn', 'Kraków, Rynek Główny'),
    tx('2024-02-05', 'Zamówienie online #A-22871', 1260, 'earn'),
    tx('2024-02-07', 'Bon 50 zł', -5000, 'redeem'),
    tx('2024-02-09', 'Podwójne punkty: weekend', 824, 'bonus'),
    tx('2024-02-11', 'Apteka', 96, 'earn', 'Warszawa, Złote Tarasy'),
    tx('2024-02-14', 'Walentynki: kwiaty', 187, 'earn', 'Kraków, Kazimierz'),
    tx('2024-02-15', 'Zwrot zamówienia #A-22871', -315, 'earn'),
    tx('2024-02-18', 'Stacja paliw', 254, 'earn', 'Tarnów, ul. Krakowska'),
    tx('2024-02-20', 'Bonus urodzinowy', 1000, 'bonus'),
    tx('2024-02-22', 'Zakupy spożywcze', 377, 'earn', 'Kraków, Galeria Krakowska'),
    tx('2024-02-24', 'Kino: 2 bilety', 120, 'earn', 'Kraków, Bonarka'),
    tx('2024-02-26', 'Wygaśnięcie punktów z 2022', -1450, 'expire'),
    tx('2024-02-27', 'Zamówienie online #A-23340', 2118, 'earn'),
    tx('2024-02-29', 'Ankieta klienta', 150, 'bonus'),
  ],
};

const jinja = `{% macro points(value) -%}
<span class="{{ 'plus' if value >= 0 else 'minus' }}">{{ '+' if value > 0 }}{{ '{:,}'.format(value) }}</span>
{%- endmacro %}
{%- macro row(tx, balance) -%}
<tr class="{{ tx.type }}"><td>{{ tx.date|dateFormatter('%d.%m') }}</td><td>{{ tx.description }}{% if tx.store %}<br><small>{{ tx.store }}</small>{% endif %}</td><td>{{ points(tx.points) }}</td><td>{{ '{:,}'.format(balance) }}</td></tr>
{%- endmacro %}
<h1>{{ UserAttribute['First Name'] }}, your {{ month_name }} statement</h1>
<p>Member {{ UserAttribute['Loyalty ID'] }} · {{ UserAttribute['Tier']|upper }}</p>
{%- set ns = namespace(balance=UserAttribute['Opening Balance'], earned=0, spent=0, bonuses=0) %}
<table>
<tr><td colspan="3">Opening balance</td><td>{{ '{:,}'.format(ns.balance) }}</td></tr>
{%- for tx in transactions %}
{%- set ns.balance = ns.balance + tx.points %}
{%- if tx.points > 0 %}{% set ns.earned = ns.earned + tx.points %}{% else %}{% set ns.spent = ns.spent - tx.points %}{% endif %}
{%- if tx.type == 'bonus' %}{% set ns.bonuses = ns.bonuses + 1 %}{% endif %}
{{ row(tx, ns.balance) }}
{%- endfor %}
</table>
<p>Earned {{ points(ns.earned) }} · used or expired {{ points(-ns.spent) }} · {{ ns.bonuses }} bonus{{ 'es' if ns.bonuses != 1 }}</p>
{%- set threshold = UserAttribute['Next Tier Threshold'] %}
{%- if ns.balance < threshold %}
<p>{{ '{:,}'.format(threshold - ns.balance) }} points to {{ UserAttribute['Next Tier']|default('the next tier') }}: you are {{ (ns.balance / threshold * 100)|round(1) }}% there.</p>
{%- else %}
<p>Welcome to {{ UserAttribute['Next Tier']|default('the next tier') }}!</p>
{%- endif %}
<p>Your points are worth {{ '%.2f'|format(ns.balance * 0.005) }} zł in rewards.</p>`;

// nunjucks differs from Jinja2 in three places used here:
// - no namespace(): a `set` inside a nunjucks loop assigns the variable of the enclosing scope, so plain
//   variables carry the totals;
// - no `'{:,}'.format`: JavaScript's `toLocaleString('en-US')` prints the same grouping;
// - `round` returns a JavaScript number, so a percentage that rounds to a whole number would print without
//   `.0`; this member's does not (and `toFixed(2)` stands in for `'%.2f'|format`).
const nunjucks = `{% macro points(value) -%}
<span class="{{ 'plus' if value >= 0 else 'minus' }}">{{ '+' if value > 0 }}{{ value.toLocaleString('en-US') }}</span>
{%- endmacro %}
{%- macro row(tx, balance) -%}
<tr class="{{ tx.type }}"><td>{{ tx.date|dateFormatter('%d.%m') }}</td><td>{{ tx.description }}{% if tx.store %}<br><small>{{ tx.store }}</small>{% endif %}</td><td>{{ points(tx.points) }}</td><td>{{ balance.toLocaleString('en-US') }}</td></tr>
{%- endmacro %}
<h1>{{ UserAttribute['First Name'] }}, your {{ month_name }} statement</h1>
<p>Member {{ UserAttribute['Loyalty ID'] }} · {{ UserAttribute['Tier']|upper }}</p>
{%- set balance = UserAttribute['Opening Balance'] %}{% set earned = 0 %}{% set spent = 0 %}{% set bonuses = 0 %}
<table>
<tr><td colspan="3">Opening balance</td><td>{{ balance.toLocaleString('en-US') }}</td></tr>
{%- for tx in transactions %}
{%- set balance = balance + tx.points %}
{%- if tx.points > 0 %}{% set earned = earned + tx.points %}{% else %}{% set spent = spent - tx.points %}{% endif %}
{%- if tx.type == 'bonus' %}{% set bonuses = bonuses + 1 %}{% endif %}
{{ row(tx, balance) }}
{%- endfor %}
</table>
<p>Earned {{ points(earned) }} · used or expired {{ points(-spent) }} · {{ bonuses }} bonus{{ 'es' if bonuses != 1 }}</p>
{%- set threshold = UserAttribute['Next Tier Threshold'] %}
{%- if balance < threshold %}
<p>{{ (threshold - balance).toLocaleString('en-US') }} points to {{ UserAttribute['Next Tier']|default('the next tier') }}: you are {{ (balance / threshold * 100)|round(1) }}% there.</p>
{%- else %}
<p>Welcome to {{ UserAttribute['Next Tier']|default('the next tier') }}!</p>
{%- endif %}
<p>Your points are worth {{ (balance * 0.005).toFixed(2) }} zł in rewards.</p>`;

const grouped = new Intl.NumberFormat('en-US');

function pointsCell(value: number): string {
  return `<span class="${value >= 0 ? 'plus' : 'minus'}">${value > 0 ? '+' : ''}${grouped.format(value)}</span>`;
}

function byHand({ UserAttribute: member, month_name: month, transactions }: LoyaltyStatementData): string {
  let balance = member['Opening Balance'];
  let earned = 0;
  let spent = 0;
  let bonuses = 0;
  let out = `
<h1>${member['First Name']}, your ${month} statement</h1>
<p>Member ${member['Loyalty ID']} · ${member.Tier.toUpperCase()}</p>
<table>
<tr><td colspan="3">Opening balance</td><td>${grouped.format(balance)}</td></tr>`;
  for (const tx of transactions) {
    balance += tx.points;
    if (tx.points > 0) earned += tx.points;
    else spent -= tx.points;
    if (tx.type === 'bonus') bonuses++;
    const date = strftimeUtc(new Date(tx.date), '%d.%m');
    const store = tx.store ? `<br><small>${tx.store}</small>` : '';
    out += `\n<tr class="${tx.type}"><td>${date}</td><td>${tx.description}${store}</td><td>${pointsCell(tx.points)}</td><td>${grouped.format(balance)}</td></tr>`;
  }
  const nextTier = member['Next Tier'] ?? 'the next tier';
  const threshold = member['Next Tier Threshold'];
  out += `
</table>
<p>Earned ${pointsCell(earned)} · used or expired ${pointsCell(-spent)} · ${bonuses} bonus${bonuses !== 1 ? 'es' : ''}</p>`;
  if (balance < threshold) {
    const percent = pyRoundText((balance / threshold) * 100, 1, true);
    out += `\n<p>${grouped.format(threshold - balance)} points to ${nextTier}: you are ${percent}% there.</p>`;
  } else {
    out += `\n<p>Welcome to ${nextTier}!</p>`;
  }
  return `${out}\n<p>Your points are worth ${(balance * 0.005).toFixed(2)} zł in rewards.</p>`;
}

/** The loyalty statement. */
export const loyaltyStatement: RealisticTemplate<LoyaltyStatementData> = {
  name: 'loyalty statement',
  style: "HTML e-mail: macros, namespace running totals, '{:,}'.format, round",
  jinja,
  nunjucks,
  data,
  byHand,
};
