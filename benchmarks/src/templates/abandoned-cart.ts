/**
 * An abandoned-cart reminder: the cart's items with their stock state, compare-at prices where a sale runs,
 * the free-shipping threshold from `sum(attribute=)`, the sold-out items named with `rejectattr`, and three
 * recommendations sliced from a product set.
 */
import { jinjaTitle, jinjaTruncate, pyNumber } from '../python-text';
import type { RealisticTemplate } from './realistic-template';

interface CartItem {
  product_name: string;
  brand: string;
  /** Absent when the product has no photo yet. */
  image?: string;
  price: number;
  /** Absent when the product is not on sale. */
  compare_at_price?: number;
  quantity: number;
  line_price: number;
  stock: number;
  url: string;
  /** Absent on products with one variant. */
  variant_title?: string;
}

interface Recommendation {
  title: string;
  price: number;
  url: string;
}

/** The render variables: the user, the `Cart Abandoned` event and the `recommended` product set. */
export type AbandonedCartData = {
  UserAttribute: { 'First Name': string; 'Loyalty Tier'?: string };
  EventAttribute: { 'Cart Items': CartItem[]; 'Cart URL': string; Currency: string };
  ProductSet: { recommended: Recommendation[] };
};

const item = (
  product_name: string,
  brand: string,
  price: number,
  quantity: number,
  stock: number,
  more: Partial<CartItem> = {},
): CartItem => {
  const slug = product_name.toLowerCase().replaceAll(' ', '-');
  return {
    product_name,
    brand,
    image: `https://cdn.example.com/img/${slug}.jpg`,
    price,
    quantity,
    line_price: Math.round(price * quantity * 100) / 100,
    stock,
    url: `https://shop.example.com/products/${slug}`,
    ...more,
  };
};

const data: AbandonedCartData = {
  UserAttribute: { 'First Name': 'zoë' },
  EventAttribute: {
    'Cart Items': [
      item('Trail Running Shoes Ultra Grip 3 Wide Fit', 'Montaña', 129.95, 1, 3, {
        compare_at_price: 159.95,
        variant_title: 'EU 42 / Orange',
      }),
      item('Merino Base Layer', 'Nordkapp', 64.5, 2, 18, { variant_title: 'M' }),
      item('Hydration Vest 5L', 'Voltra', 89, 1, 0, { variant_title: 'S/M' }),
      item('Energy Gel Variety Pack', 'Fuel Lab', 24.99, 1, 42, { image: undefined }),
      item('Reflective Running Cap', 'Montaña', 19.9, 1, 7, { compare_at_price: 24.9 }),
    ],
    'Cart URL': 'https://shop.example.com/cart/c-88213?recover=1',
    Currency: 'USD',
  },
  ProductSet: {
    recommended: [
      { title: 'Running Socks (3 pairs)', price: 18, url: 'https://shop.example.com/products/running-socks' },
      { title: 'Foam Roller', price: 34.5, url: 'https://shop.example.com/products/foam-roller' },
      {
        title: 'Sports Sunglasses',
        price: 79.99,
        url: 'https://shop.example.com/products/sports-sunglasses',
      },
      { title: 'Headlamp 400 lm', price: 45, url: 'https://shop.example.com/products/headlamp-400' },
    ],
  },
};

const jinja = `{%- set cart = EventAttribute['Cart Items'] -%}
{%- set available = cart|selectattr('stock')|list -%}
{%- set total = available|sum(attribute='line_price') -%}
<h1>{{ UserAttribute['First Name']|default('Hi there')|title }}, you left {{ cart|length }} item{{ 's' if cart|length != 1 }} in your cart</h1>
<table>
{%- for item in cart %}
<tr{% if loop.last %} class="last"{% endif %}>
  <td><a href="{{ item.url }}?utm_campaign=cart_reminder&utm_content={{ item.product_name|urlencode }}"><img src="{{ item.image|default('https://cdn.example.com/img/placeholder.jpg') }}" alt="{{ item.product_name }}" width="96"></a></td>
  <td><strong>{{ item.product_name|truncate(28) }}</strong><br>{{ item.brand|upper }}{% if item.variant_title %} · {{ item.variant_title }}{% endif %}{% if item.quantity > 1 %} · Qty {{ item.quantity }}{% endif %}</td>
  <td>{% if item.compare_at_price and item.compare_at_price > item.price %}<s>\${{ '%.2f'|format(item.compare_at_price) }}</s> {% endif %}\${{ '%.2f'|format(item.price) }}</td>
  <td>{% if item.stock == 0 %}Sold out{% elif item.stock < 5 %}Only {{ item.stock }} left!{% else %}In stock{% endif %}</td>
</tr>
{%- endfor %}
</table>
<p>Cart total: \${{ '%.2f'|format(total) }}
{%- if total >= 150 %} · Shipping is on us.{% else %} · Add \${{ '%.2f'|format(150 - total) }} for free shipping.{% endif %}</p>
{%- if available|length < cart|length %}
<p>Sorry: {{ cart|rejectattr('stock')|map(attribute='product_name')|join(', ') }} sold out since your visit.</p>
{%- endif %}
<p><a href="{{ EventAttribute['Cart URL'] }}">Return to your cart</a></p>
<h2>You may also like</h2>
{%- for product in ProductSet.recommended[:3] %}
<a href="{{ product.url }}">{{ product.title }} · \${{ product.price }}</a>
{%- endfor %}`;

// nunjucks differs from Jinja2 in five places used here:
// - `sum` takes the attribute positionally, and `selectattr` returns a list already;
// - there is no `map`: a loop joins the sold-out items' names;
// - no format filter: `toFixed(2)` stands in for `'%.2f'|format`;
// - `truncate(n)` cuts at the last space at or before n, and Jinja2 keeps up to n + 5 characters whole:
//   `truncate(24)` prints what Jinja2's `truncate(28)` does for these names (none is 25 to 33 characters long);
// - no slice syntax: the JavaScript `slice` method takes the first three recommendations.
const nunjucks = `{%- set cart = EventAttribute['Cart Items'] -%}
{%- set available = cart|selectattr('stock') -%}
{%- set total = available|sum('line_price') -%}
<h1>{{ UserAttribute['First Name']|default('Hi there')|title }}, you left {{ cart|length }} item{{ 's' if cart|length != 1 }} in your cart</h1>
<table>
{%- for item in cart %}
<tr{% if loop.last %} class="last"{% endif %}>
  <td><a href="{{ item.url }}?utm_campaign=cart_reminder&utm_content={{ item.product_name|urlencode }}"><img src="{{ item.image|default('https://cdn.example.com/img/placeholder.jpg') }}" alt="{{ item.product_name }}" width="96"></a></td>
  <td><strong>{{ item.product_name|truncate(24) }}</strong><br>{{ item.brand|upper }}{% if item.variant_title %} · {{ item.variant_title }}{% endif %}{% if item.quantity > 1 %} · Qty {{ item.quantity }}{% endif %}</td>
  <td>{% if item.compare_at_price and item.compare_at_price > item.price %}<s>\${{ item.compare_at_price.toFixed(2) }}</s> {% endif %}\${{ item.price.toFixed(2) }}</td>
  <td>{% if item.stock == 0 %}Sold out{% elif item.stock < 5 %}Only {{ item.stock }} left!{% else %}In stock{% endif %}</td>
</tr>
{%- endfor %}
</table>
<p>Cart total: \${{ total.toFixed(2) }}
{%- if total >= 150 %} · Shipping is on us.{% else %} · Add \${{ (150 - total).toFixed(2) }} for free shipping.{% endif %}</p>
{%- if available|length < cart|length %}
<p>Sorry: {% for item in cart|rejectattr('stock') %}{{ item.product_name }}{{ ', ' if not loop.last }}{% endfor %} sold out since your visit.</p>
{%- endif %}
<p><a href="{{ EventAttribute['Cart URL'] }}">Return to your cart</a></p>
<h2>You may also like</h2>
{%- for product in ProductSet.recommended.slice(0, 3) %}
<a href="{{ product.url }}">{{ product.title }} · \${{ product.price }}</a>
{%- endfor %}`;

function byHand({ UserAttribute: user, EventAttribute: event, ProductSet: sets }: AbandonedCartData): string {
  const cart = event['Cart Items'];
  const available = cart.filter((i) => i.stock);
  let total = 0;
  for (const i of available) total += i.line_price;
  let out = `<h1>${jinjaTitle(user['First Name'] ?? 'Hi there')}, you left ${cart.length} item${cart.length !== 1 ? 's' : ''} in your cart</h1>
<table>`;
  for (let n = 0; n < cart.length; n++) {
    const item = cart[n];
    const sale =
      item.compare_at_price && item.compare_at_price > item.price
        ? `<s>$${item.compare_at_price.toFixed(2)}</s> `
        : '';
    const stock = item.stock === 0 ? 'Sold out' : item.stock < 5 ? `Only ${item.stock} left!` : 'In stock';
    out += `
<tr${n === cart.length - 1 ? ' class="last"' : ''}>
  <td><a href="${item.url}?utm_campaign=cart_reminder&utm_content=${encodeURIComponent(item.product_name)}"><img src="${item.image ?? 'https://cdn.example.com/img/placeholder.jpg'}" alt="${item.product_name}" width="96"></a></td>
  <td><strong>${jinjaTruncate(item.product_name, 28)}</strong><br>${item.brand.toUpperCase()}${item.variant_title ? ` · ${item.variant_title}` : ''}${item.quantity > 1 ? ` · Qty ${item.quantity}` : ''}</td>
  <td>${sale}$${item.price.toFixed(2)}</td>
  <td>${stock}</td>
</tr>`;
  }
  out += `
</table>
<p>Cart total: $${total.toFixed(2)}${total >= 150 ? ' · Shipping is on us.' : ` · Add $${(150 - total).toFixed(2)} for free shipping.`}</p>`;
  if (available.length < cart.length) {
    const soldOut = cart.filter((i) => !i.stock).map((i) => i.product_name);
    out += `\n<p>Sorry: ${soldOut.join(', ')} sold out since your visit.</p>`;
  }
  out += `
<p><a href="${event['Cart URL']}">Return to your cart</a></p>
<h2>You may also like</h2>`;
  for (const product of sets.recommended.slice(0, 3))
    out += `\n<a href="${product.url}">${product.title} · $${pyNumber(product.price)}</a>`;
  return out;
}

/** The abandoned-cart reminder. */
export const abandonedCart: RealisticTemplate<AbandonedCartData> = {
  name: 'abandoned cart',
  style: 'HTML e-mail: selectattr, sum(attribute=), rejectattr, truncate, urlencode, slices',
  jinja,
  nunjucks,
  data,
  byHand,
};
