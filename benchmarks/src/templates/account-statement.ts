/**
 * A plain-text account statement in German: a column layout written with `'{:<10} {:<34} {:>+12,.2f}'.format`,
 * a running balance in a `namespace`, descriptions cut with `truncate(killwords=true)`, optional references,
 * IBAN slices, and the month's spending per category with `groupby`, `sum(attribute=)` and `abs`.
 */
import { strftimeUtc } from '../python-text';
import type { RealisticTemplate } from './realistic-template';

interface Entry {
  date: string;
  description: string;
  amount: number;
  category: string;
  /** Absent on card payments. */
  reference?: string;
}

/** The render variables: the account and the month's entries. */
export type AccountStatementData = {
  account: {
    holder: string;
    iban: string;
    opening_balance: number;
    period: { from: string; to: string };
  };
  entries: Entry[];
};

const entry = (
  date: string,
  description: string,
  amount: number,
  category: string,
  reference?: string,
): Entry =>
  reference === undefined
    ? { date, description, amount, category }
    : { date, description, amount, category, reference };

const data: AccountStatementData = {
  account: {
    holder: 'Nguyễn Thị Mai',
    iban: 'DE89370400440532013000',
    opening_balance: 2431.07,
    period: { from: '2024-02-01', to: '2024-02-29' },
  },
  entries: [
    entry('2024-02-01', 'Gehalt Februar, Müller & Söhne GmbH', 3250, 'Einkommen', 'LOHN 02/2024'),
    entry('2024-02-01', 'Miete Wohnung Schwabing', -1180, 'Wohnen', 'DA 0044-1187'),
    entry('2024-02-02', 'REWE Markt München Giesing', -64.38, 'Lebensmittel'),
    entry(
      '2024-02-03',
      'SEPA-Lastschrift Stadtwerke München Strom und Gas',
      -84.5,
      'Wohnen',
      'SWM 2024-02 K.-Nr. 81772',
    ),
    entry('2024-02-05', 'MVV IsarCard Monatskarte', -57, 'Mobilität'),
    entry('2024-02-07', 'Buchhandlung Hugendubel', -23.9, 'Freizeit'),
    entry('2024-02-09', 'Überweisung von Lê Văn An, Anteil Urlaub', 420, 'Einkommen', 'Urlaub Gardasee'),
    entry('2024-02-10', 'dm-drogerie markt', -18.45, 'Lebensmittel'),
    entry('2024-02-12', 'Techniker Krankenkasse Zusatzbeitrag', -42.12, 'Versicherung', 'TK 55120093'),
    entry('2024-02-14', 'Restaurant Tantris, Valentinstag', -186, 'Freizeit'),
    entry('2024-02-16', 'EDEKA Center Neuperlach', -92.71, 'Lebensmittel'),
    entry('2024-02-19', 'Deutsche Bahn ICE München–Berlin', -129.9, 'Mobilität', 'DB 7731-XK2'),
    entry('2024-02-21', 'Spotify Premium Duo', -14.99, 'Freizeit'),
    entry(
      '2024-02-23',
      'Erstattung Finanzamt Einkommensteuer 2022',
      612.4,
      'Einkommen',
      'StNr 143/220/51188',
    ),
    entry('2024-02-26', 'Aldi Süd Filiale 334', -37.26, 'Lebensmittel'),
    entry('2024-02-28', 'Allianz Hausratversicherung', -11.8, 'Versicherung', 'AZ-HR-009912'),
    entry('2024-02-29', 'Sparplan ETF MSCI World', -250, 'Sparen', 'DEPOT 4471'),
  ],
};

const jinja = `Kontoauszug {{ account.period.from|dateFormatter('%d.%m.%Y') }} bis {{ account.period.to|dateFormatter('%d.%m.%Y') }}
{{ account.holder }} · {{ account.iban[:4] }} **** {{ account.iban[-4:] }}
{{ '=' * 60 }}
{{ '{:<10} {:<34} {:>14}'.format('Datum', 'Buchung', 'Betrag EUR') }}
{{ '-' * 60 }}
{{ '{:<45} {:>14,.2f}'.format('Alter Saldo', account.opening_balance) }}
{% set ns = namespace(balance=account.opening_balance, income=0, spending=0) -%}
{% for e in entries -%}
{% set ns.balance = ns.balance + e.amount -%}
{% if e.amount > 0 %}{% set ns.income = ns.income + e.amount %}{% else %}{% set ns.spending = ns.spending - e.amount %}{% endif -%}
{{ '{:<10} {:<34} {:>+14,.2f}'.format(e.date|dateFormatter('%d.%m.'), e.description|truncate(34, true, '…', 0), e.amount) }}
{% if e.reference %}{{ ' ' * 11 }}Ref. {{ e.reference }}
{% endif -%}
{% endfor -%}
{{ '-' * 60 }}
{{ '{:<45} {:>14,.2f}'.format('Eingänge', ns.income) }}
{{ '{:<45} {:>14,.2f}'.format('Ausgänge', -ns.spending) }}
{{ '{:<45} {:>14,.2f}'.format('Neuer Saldo', ns.balance) }}
{{ '=' * 60 }}
Ausgaben nach Kategorie:
{% for group in entries|selectattr('amount', 'lt', 0)|groupby('category') -%}
{{ '  {:<20} {:>10,.2f} ({:.0%})'.format(group.grouper, (group.list|sum(attribute='amount'))|abs, (group.list|sum(attribute='amount'))|abs / ns.spending) }}
{% endfor %}`;

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const signedMoney = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'always',
});

const date = (iso: string, format: string) => strftimeUtc(new Date(iso), format);

/** Jinja2's `truncate(s, length, killwords=True, end='…', leeway=0)`. */
function cut(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}

function byHand({ account, entries }: AccountStatementData): string {
  const rule = '-'.repeat(60);
  const doubleRule = '='.repeat(60);
  let out = `Kontoauszug ${date(account.period.from, '%d.%m.%Y')} bis ${date(account.period.to, '%d.%m.%Y')}
${account.holder} · ${account.iban.slice(0, 4)} **** ${account.iban.slice(-4)}
${doubleRule}
${'Datum'.padEnd(10)} ${'Buchung'.padEnd(34)} ${'Betrag EUR'.padStart(14)}
${rule}
${'Alter Saldo'.padEnd(45)} ${money.format(account.opening_balance).padStart(14)}
`;
  let balance = account.opening_balance;
  let income = 0;
  let spending = 0;
  const byCategory = new Map<string, number>();
  for (const e of entries) {
    balance += e.amount;
    if (e.amount > 0) income += e.amount;
    else {
      spending -= e.amount;
      byCategory.set(e.category, (byCategory.get(e.category) ?? 0) + e.amount);
    }
    out += `${date(e.date, '%d.%m.').padEnd(10)} ${cut(e.description, 34).padEnd(34)} ${signedMoney.format(e.amount).padStart(14)}\n`;
    if (e.reference) out += `${' '.repeat(11)}Ref. ${e.reference}\n`;
  }
  out += `${rule}
${'Eingänge'.padEnd(45)} ${money.format(income).padStart(14)}
${'Ausgänge'.padEnd(45)} ${money.format(-spending).padStart(14)}
${'Neuer Saldo'.padEnd(45)} ${money.format(balance).padStart(14)}
${doubleRule}
Ausgaben nach Kategorie:
`;
  for (const category of [...byCategory.keys()].sort()) {
    const spent = Math.abs(byCategory.get(category) as number);
    out += `  ${category.padEnd(20)} ${money.format(spent).padStart(10)} (${((spent / spending) * 100).toFixed(0)}%)\n`;
  }
  return out;
}

/** The account statement. nunjucks has no column formatting: an equivalent would be a rewrite, so it is left out. */
export const accountStatement: RealisticTemplate<AccountStatementData> = {
  name: 'account statement',
  style: "plain text: '{:>+14,.2f}'.format columns, namespace, truncate(killwords), groupby, sum, abs",
  jinja,
  data,
  byHand,
};
