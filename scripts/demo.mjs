import { compile } from '@personalize/core';

/** Renders a sample message, so a fresh clone shows what the engine does in one command. */
const template = compile(`Subject: {{ UserAttribute['First Name']|default('there')|title }}, your picks are in
{% for product in ProductSet.bestsellers %}
  {{ loop.index }}. {{ product.title }}: {{ '%.2f'|format(product.price) }} EUR{% if loop.first %} (top pick){% endif %}
{%- endfor %}

Average price: {{ (ProductSet.bestsellers|sum(attribute='price') / ProductSet.bestsellers|length)|round(2) }}
`);

console.log(
  template.render({
    UserAttribute: { 'First Name': 'jane doe', City: 'Berlin' },
    ProductSet: {
      bestsellers: [
        { title: 'Lamp', price: 19.5 },
        { title: 'Desk', price: 120 },
        { title: 'Chair', price: 49.99 },
      ],
    },
  }),
);
