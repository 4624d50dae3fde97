/**
 * An order confirmation e-mail in French: line items with options, totals kept in a `namespace`, `'%.2f'`
 * prices, a coupon, the shipping address with a missing second line, dates through `dateFormatter`.
 */
import { escapeHtml, jinjaTitle, strftimeUtc } from '../python-text';
import type { RealisticTemplate } from './realistic-template';

interface OrderItem {
  name: string;
  sku: string;
  quantity: number;
  unit_price: number;
  /** Absent on items that come in one version. */
  options?: Record<string, string>;
  image_url: string;
}

/** The render variables: the user's attributes and the `Order Placed` event's. */
export type OrderConfirmationData = {
  UserAttribute: { 'First Name': string; 'Last Name': string; Email: string };
  EventAttribute: {
    'Order ID': string;
    'Order Date': string;
    'Payment Method': string;
    'Shipping Method': string;
    'Shipping Cost': number;
    'Coupon Code'?: string;
    'Coupon Discount'?: number;
    'Estimated Delivery': string;
    'Gift Wrap': boolean;
    Items: OrderItem[];
    'Shipping Address': { line1: string; line2?: string; postal_code: string; city: string };
  };
};

const image = (sku: string) => `https://cdn.example.fr/produits/${sku.toLowerCase()}-320.jpg`;

const data: OrderConfirmationData = {
  UserAttribute: { 'First Name': 'émilie', 'Last Name': 'Dubois-Laurent', Email: 'emilie.dubois@example.fr' },
  EventAttribute: {
    'Order ID': 'FR-2024-118734',
    'Order Date': '2024-03-08T09:41:00Z',
    'Payment Method': 'Visa •••• 4242',
    'Shipping Method': 'Colissimo',
    'Shipping Cost': 4.9,
    'Coupon Code': 'printemps10',
    'Coupon Discount': 0.1,
    'Estimated Delivery': '2024-03-12',
    'Gift Wrap': true,
    Items: [
      {
        name: 'Pull en laine mérinos',
        sku: 'PLM-042',
        quantity: 1,
        unit_price: 89.9,
        options: { size: 'M', colour: 'bleu nuit' },
        image_url: image('PLM-042'),
      },
      {
        name: 'Chaussettes en coton bio (lot de 3)',
        sku: 'CCB-310',
        quantity: 2,
        unit_price: 14.5,
        options: { size: '39-42' },
        image_url: image('CCB-310'),
      },
      {
        name: 'Bonnet côtelé',
        sku: 'BCT-007',
        quantity: 1,
        unit_price: 25,
        options: { colour: 'moutarde' },
        image_url: image('BCT-007'),
      },
      {
        name: 'Écharpe en cachemire',
        sku: 'ECH-120',
        quantity: 1,
        unit_price: 129,
        image_url: image('ECH-120'),
      },
      {
        name: 'Gants tactiles',
        sku: 'GTC-055',
        quantity: 2,
        unit_price: 19.95,
        options: { size: 'S/M', colour: 'anthracite' },
        image_url: image('GTC-055'),
      },
      {
        name: 'Carte cadeau "Printemps"',
        sku: 'GIFT-50',
        quantity: 1,
        unit_price: 50,
        image_url: image('GIFT-50'),
      },
      {
        name: 'Sac en toile « Lyon »',
        sku: 'SAC-019',
        quantity: 1,
        unit_price: 32.4,
        options: { colour: 'écru' },
        image_url: image('SAC-019'),
      },
    ],
    'Shipping Address': { line1: '12 rue de la République', postal_code: '69002', city: 'Lyon' },
  },
};

const jinja = `<!DOCTYPE html>
<html lang="fr">
<body>
<h1>Merci, {{ UserAttribute['First Name']|default('cher client')|title }} !</h1>
<p>Votre commande n° {{ EventAttribute['Order ID'] }} du {{ EventAttribute['Order Date']|dateFormatter('%d/%m/%Y à %H:%M') }} est confirmée.</p>
{%- set ns = namespace(subtotal=0, units=0) %}
<table class="items">
{%- for line in EventAttribute['Items'] %}
  {%- set line_total = line.unit_price * line.quantity %}
  {%- set ns.subtotal = ns.subtotal + line_total %}
  {%- set ns.units = ns.units + line.quantity %}
  <tr class="{{ loop.cycle('odd', 'even') }}">
    <td><img src="{{ line.image_url }}" alt="{{ line.name|e }}" width="64"></td>
    <td>{{ line.name }}
      {%- if line.options %}<br><small>{% for key, value in line.options|dictsort %}{{ key|capitalize }} : {{ value }}{% if not loop.last %}, {% endif %}{% endfor %}</small>{% endif -%}
    </td>
    <td>{{ line.quantity }} × {{ '%.2f'|format(line.unit_price) }} €</td>
    <td>{{ '%.2f'|format(line_total) }} €</td>
  </tr>
{%- endfor %}
</table>
{%- set discount = ns.subtotal * EventAttribute['Coupon Discount']|default(0) %}
<p>{{ ns.units }} article{{ 's' if ns.units > 1 }} · Sous-total : {{ '%.2f'|format(ns.subtotal) }} €</p>
{%- if discount > 0 %}
<p>Code {{ EventAttribute['Coupon Code']|upper }} : −{{ '%.2f'|format(discount) }} €</p>
{%- endif %}
<p>Livraison ({{ EventAttribute['Shipping Method'] }}) : {% if EventAttribute['Shipping Cost'] %}{{ '%.2f'|format(EventAttribute['Shipping Cost']) }} €{% else %}offerte{% endif %}</p>
<p><strong>Total : {{ '%.2f'|format(ns.subtotal - discount + EventAttribute['Shipping Cost']|default(0)) }} €</strong></p>
{%- set address = EventAttribute['Shipping Address'] %}
<p>{{ UserAttribute['First Name']|title }} {{ UserAttribute['Last Name'] }}<br>{{ address.line1 }}{% if address.line2 %}<br>{{ address.line2 }}{% endif %}<br>{{ address.postal_code }} {{ address.city|upper }}</p>
<p>Livraison estimée le {{ EventAttribute['Estimated Delivery']|dateFormatter('%d/%m/%Y') }}.</p>
{%- if EventAttribute['Gift Wrap'] %}
<p>Votre commande sera emballée pour offrir.</p>
{%- endif %}
<p>Payé avec {{ EventAttribute['Payment Method'] }}.</p>
</body>
</html>`;

// nunjucks differs from Jinja2 in five places used here:
// - no namespace(): a `set` inside a nunjucks loop assigns the variable of the enclosing scope, so plain
//   variables carry the totals;
// - no loop.cycle: the row class comes from loop.index0;
// - no format filter: `toFixed(2)` stands in for `'%.2f'|format` (they agree except on exact binary ties, which
//   the prices avoid);
// - `escape` writes a double quote as `&quot;` where MarkupSafe writes `&#34;`: a replace follows it;
// - the service's dateFormatter is registered on the environment (benchmarks/src/templates/index.ts).
const nunjucks = `<!DOCTYPE html>
<html lang="fr">
<body>
<h1>Merci, {{ UserAttribute['First Name']|default('cher client')|title }} !</h1>
<p>Votre commande n° {{ EventAttribute['Order ID'] }} du {{ EventAttribute['Order Date']|dateFormatter('%d/%m/%Y à %H:%M') }} est confirmée.</p>
{%- set subtotal = 0 %}{% set units = 0 %}
<table class="items">
{%- for line in EventAttribute['Items'] %}
  {%- set line_total = line.unit_price * line.quantity %}
  {%- set subtotal = subtotal + line_total %}
  {%- set units = units + line.quantity %}
  <tr class="{{ 'odd' if loop.index0 % 2 == 0 else 'even' }}">
    <td><img src="{{ line.image_url }}" alt="{{ line.name|e|replace('&quot;', '&#34;') }}" width="64"></td>
    <td>{{ line.name }}
      {%- if line.options %}<br><small>{% for key, value in line.options|dictsort %}{{ key|capitalize }} : {{ value }}{% if not loop.last %}, {% endif %}{% endfor %}</small>{% endif -%}
    </td>
    <td>{{ line.quantity }} × {{ line.unit_price.toFixed(2) }} €</td>
    <td>{{ line_total.toFixed(2) }} €</td>
  </tr>
{%- endfor %}
</table>
{%- set discount = subtotal * EventAttribute['Coupon Discount']|default(0) %}
<p>{{ units }} article{{ 's' if units > 1 }} · Sous-total : {{ subtotal.toFixed(2) }} €</p>
{%- if discount > 0 %}
<p>Code {{ EventAttribute['Coupon Code']|upper }} : −{{ discount.toFixed(2) }} €</p>
{%- endif %}
<p>Livraison ({{ EventAttribute['Shipping Method'] }}) : {% if EventAttribute['Shipping Cost'] %}{{ EventAttribute['Shipping Cost'].toFixed(2) }} €{% else %}offerte{% endif %}</p>
{%- set total = subtotal - discount + EventAttribute['Shipping Cost']|default(0) %}
<p><strong>Total : {{ total.toFixed(2) }} €</strong></p>
{%- set address = EventAttribute['Shipping Address'] %}
<p>{{ UserAttribute['First Name']|title }} {{ UserAttribute['Last Name'] }}<br>{{ address.line1 }}{% if address.line2 %}<br>{{ address.line2 }}{% endif %}<br>{{ address.postal_code }} {{ address.city|upper }}</p>
<p>Livraison estimée le {{ EventAttribute['Estimated Delivery']|dateFormatter('%d/%m/%Y') }}.</p>
{%- if EventAttribute['Gift Wrap'] %}
<p>Votre commande sera emballée pour offrir.</p>
{%- endif %}
<p>Payé avec {{ EventAttribute['Payment Method'] }}.</p>
</body>
</html>`;

function byHand({ UserAttribute: user, EventAttribute: order }: OrderConfirmationData): string {
  const firstName = jinjaTitle(user['First Name'] ?? 'cher client');
  let out = `<!DOCTYPE html>
<html lang="fr">
<body>
<h1>Merci, ${firstName} !</h1>
<p>Votre commande n° ${order['Order ID']} du ${strftimeUtc(new Date(order['Order Date']), '%d/%m/%Y à %H:%M')} est confirmée.</p>
<table class="items">`;
  let subtotal = 0;
  let units = 0;
  const items = order.Items;
  for (let i = 0; i < items.length; i++) {
    const line = items[i];
    const lineTotal = line.unit_price * line.quantity;
    subtotal += lineTotal;
    units += line.quantity;
    let options = '';
    if (line.options && Object.keys(line.options).length > 0) {
      const keys = Object.keys(line.options).sort();
      options = `<br><small>${keys.map((key) => `${key.charAt(0).toUpperCase()}${key.slice(1)} : ${line.options?.[key]}`).join(', ')}</small>`;
    }
    out += `
  <tr class="${i % 2 === 0 ? 'odd' : 'even'}">
    <td><img src="${line.image_url}" alt="${escapeHtml(line.name)}" width="64"></td>
    <td>${line.name}${options}</td>
    <td>${line.quantity} × ${line.unit_price.toFixed(2)} €</td>
    <td>${lineTotal.toFixed(2)} €</td>
  </tr>`;
  }
  const discount = subtotal * (order['Coupon Discount'] ?? 0);
  out += `
</table>
<p>${units} article${units > 1 ? 's' : ''} · Sous-total : ${subtotal.toFixed(2)} €</p>`;
  if (discount > 0) out += `\n<p>Code ${order['Coupon Code']?.toUpperCase()} : −${discount.toFixed(2)} €</p>`;
  const shipping = order['Shipping Cost'];
  const address = order['Shipping Address'];
  out += `
<p>Livraison (${order['Shipping Method']}) : ${shipping ? `${shipping.toFixed(2)} €` : 'offerte'}</p>
<p><strong>Total : ${(subtotal - discount + (shipping ?? 0)).toFixed(2)} €</strong></p>
<p>${jinjaTitle(user['First Name'])} ${user['Last Name']}<br>${address.line1}${address.line2 ? `<br>${address.line2}` : ''}<br>${address.postal_code} ${address.city.toUpperCase()}</p>
<p>Livraison estimée le ${strftimeUtc(new Date(order['Estimated Delivery']), '%d/%m/%Y')}.</p>`;
  if (order['Gift Wrap']) out += '\n<p>Votre commande sera emballée pour offrir.</p>';
  return `${out}
<p>Payé avec ${order['Payment Method']}.</p>
</body>
</html>`;
}

/** The order confirmation e-mail. */
export const orderConfirmation: RealisticTemplate<OrderConfirmationData> = {
  name: 'order confirmation',
  style: 'HTML e-mail: line items, namespace totals, %.2f, dictsort, dateFormatter',
  jinja,
  nunjucks,
  data,
  byHand,
};
