/**
 * A shipping SMS in Spanish, built with Python's string methods: the first name cleaned with `strip`, `split`
 * and `capitalize`, the tracking code normalised with `upper` and `replace` and cut with a slice, an optional
 * pickup point, and an opt-out line only for Spanish numbers.
 */
import { pyCapitalize } from '../python-text';
import type { RealisticTemplate } from './realistic-template';

/** The render variables: the user's attributes and the `Order Shipped` event's. */
export type SmsData = {
  UserAttribute: { 'First Name': string; Phone: string };
  EventAttribute: {
    'Order ID': string;
    Courier: string;
    'Tracking Code': string;
    'Delivery Window'?: string;
    'Pickup Point'?: string;
    Items: number;
    Total: number;
  };
};

const data: SmsData = {
  UserAttribute: { 'First Name': '  maría josé ', Phone: '+34 612 345 678' },
  EventAttribute: {
    'Order ID': 'es-2024-00981',
    Courier: 'SEUR',
    'Tracking Code': 'seur 7781 2290 1134',
    'Delivery Window': '14:00-18:00',
    Items: 3,
    Total: 57.3,
  },
};

const jinja = `{%- set name = UserAttribute['First Name'].strip().split(' ')[0]|capitalize -%}
{%- set code = EventAttribute['Tracking Code'].upper().replace(' ', '') -%}
Hola {{ name }}! Tu pedido {{ EventAttribute['Order ID'].upper() }} ({{ EventAttribute['Items'] }} art., {{ '%.2f'|format(EventAttribute['Total']) }}€) sale hoy con {{ EventAttribute['Courier'] }}.
{%- if EventAttribute['Delivery Window'] %} Entrega de {{ EventAttribute['Delivery Window'].replace('-', ' a ') }}h.{% endif %}
{%- if EventAttribute['Pickup Point'] is defined %} Recógelo en {{ EventAttribute['Pickup Point'].title() }}.{% endif %} Sigue: https://t.example.es/{{ code[-8:] }}
{%- if UserAttribute['Phone'].replace(' ', '').startswith('+34') %} Baja: STOP al 25521{% endif %}`;

// nunjucks runs the JavaScript methods of a string, not Python's: `trim` for `strip`, `toUpperCase` for
// `upper`, `replaceAll` for `replace`, `slice(-8)` for `[-8:]`, `startsWith` for `startswith`; and there is
// no format filter, so `toFixed(2)` stands in for `'%.2f'|format`.
const nunjucks = `{%- set name = UserAttribute['First Name'].trim().split(' ')[0]|capitalize -%}
{%- set code = EventAttribute['Tracking Code'].toUpperCase().replaceAll(' ', '') -%}
Hola {{ name }}! Tu pedido {{ EventAttribute['Order ID'].toUpperCase() }} ({{ EventAttribute['Items'] }} art., {{ EventAttribute['Total'].toFixed(2) }}€) sale hoy con {{ EventAttribute['Courier'] }}.
{%- if EventAttribute['Delivery Window'] %} Entrega de {{ EventAttribute['Delivery Window'].replaceAll('-', ' a ') }}h.{% endif %}
{%- if EventAttribute['Pickup Point'] is defined %} Recógelo en {{ EventAttribute['Pickup Point']|title }}.{% endif %} Sigue: https://t.example.es/{{ code.slice(-8) }}
{%- if UserAttribute['Phone'].replaceAll(' ', '').startsWith('+34') %} Baja: STOP al 25521{% endif %}`;

function titleWords(s: string): string {
  return s.replace(/\p{L}+/gu, (word) => pyCapitalize(word));
}

function byHand({ UserAttribute: user, EventAttribute: event }: SmsData): string {
  const name = pyCapitalize(user['First Name'].trim().split(' ')[0]);
  const code = event['Tracking Code'].toUpperCase().replaceAll(' ', '');
  let out = `Hola ${name}! Tu pedido ${event['Order ID'].toUpperCase()} (${event.Items} art., ${event.Total.toFixed(2)}€) sale hoy con ${event.Courier}.`;
  const window = event['Delivery Window'];
  if (window) out += ` Entrega de ${window.replaceAll('-', ' a ')}h.`;
  const pickup = event['Pickup Point'];
  if (pickup !== undefined) out += ` Recógelo en ${titleWords(pickup)}.`;
  out += ` Sigue: https://t.example.es/${code.slice(-8)}`;
  if (user.Phone.replaceAll(' ', '').startsWith('+34')) out += ' Baja: STOP al 25521';
  return out;
}

/** The shipping SMS. */
export const sms: RealisticTemplate<SmsData> = {
  name: 'SMS',
  style: 'SMS: str methods strip, split, capitalize, upper, replace, startswith, slices',
  jinja,
  nunjucks,
  data,
  byHand,
};
