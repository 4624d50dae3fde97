/**
 * The service's own filters and its not-sending guard (spec sections 3 and 4). Jinja2 renders them with the
 * Python versions in service_filters.py; the hand-written functions use what a Node service would: `Intl` for
 * time zones, `node:crypto` for hashes, `Buffer` for Base64.
 */
import { createHash, createHmac } from 'node:crypto';
import { RENDER_CLOCK } from '../clock';
import { type Construct, perLine } from './construct';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');
const DAY_MS = 86_400_000;

/** Milliseconds since the epoch of a `DD/MM/YYYY` date, read as UTC midnight. */
function dayFirstDate(text: string): number {
  const [day, month, year] = text.split('/').map(Number);
  return Date.UTC(year, month - 1, day);
}

// São Paulo's wall clock; formatToParts gives the pieces to lay out as the strftime format does.
const saoPaulo = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function saoPauloParts(ms: number): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of saoPaulo.formatToParts(ms)) parts[part.type] = part.value;
  return parts;
}

export const serviceConstructs: Construct[] = [
  {
    name: '|dateFormatter',
    family: 'service',
    template:
      "{% for item in items %}Arrives {{ item.delivery_date|dateFormatter('%d %b %Y') }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        const [day, month, year] = item.delivery_date.split('/');
        out += `Arrives ${day} ${MONTHS[Number(month) - 1]} ${year}\n`;
      }
      return out;
    },
  },
  {
    name: '|dateFormatter (ISO date-time)',
    family: 'service',
    template:
      "{% for item in items %}Added {{ item.added_at|dateFormatter('%m/%d/%Y %H:%M') }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        const at = new Date(item.added_at);
        out += `Added ${two(at.getUTCMonth() + 1)}/${two(at.getUTCDate())}/${at.getUTCFullYear()} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}\n`;
      }
      return out;
    },
  },
  {
    name: '|days',
    family: 'service',
    template: '{% for item in items %}{{ order.placed_at|days(item.delivery_date) }} days\n{% endfor %}',
    byHand: ({ items, order }) => {
      const placed = Date.parse(order.placed_at);
      let out = '';
      for (const item of items)
        out += `${Math.floor((dayFirstDate(item.delivery_date) - placed) / DAY_MS)} days\n`;
      return out;
    },
  },
  {
    name: '|today',
    family: 'service',
    template:
      "{% for item in items %}{{ item.sku }}: {{ ('%d/%m/%Y'|today('America/Sao_Paulo'))|days(item.delivery_date) }} days to go\n{% endfor %}",
    byHand: ({ items }) => {
      const now = saoPauloParts(RENDER_CLOCK.getTime());
      const today = Date.UTC(Number(now.year), Number(now.month) - 1, Number(now.day));
      let out = '';
      for (const item of items) {
        out += `${item.sku}: ${Math.floor((dayFirstDate(item.delivery_date) - today) / DAY_MS)} days to go\n`;
      }
      return out;
    },
  },
  {
    name: '|dateTimeFormatter(timeZone=)',
    family: 'service',
    template:
      "{% for item in items %}{{ item.added_at|dateTimeFormatter('%d/%m/%Y %H:%M', timeZone='America/Sao_Paulo') }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        const p = saoPauloParts(Date.parse(item.added_at));
        out += `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}\n`;
      }
      return out;
    },
  },
  {
    name: '|dateTimeFormatter(tzOffset=)',
    family: 'service',
    template:
      "{% for item in items %}{{ item.added_at|dateTimeFormatter('%Y-%m-%d %I:%M %p', tzOffset=-180) }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        const at = new Date(Date.parse(item.added_at) - 180 * 60_000);
        const hour = at.getUTCHours();
        out += `${at.getUTCFullYear()}-${two(at.getUTCMonth() + 1)}-${two(at.getUTCDate())} ${two(hour % 12 || 12)}:${two(at.getUTCMinutes())} ${hour < 12 ? 'AM' : 'PM'}\n`;
      }
      return out;
    },
  },
  {
    name: '|convertToSHA256',
    family: 'service',
    template:
      '{% for item in items %}https://shop.example.com/r/{{ item.sku }}?sig={{ item.sku|convertToSHA256(customer.id) }}\n{% endfor %}',
    byHand: ({ items, customer }) => {
      let out = '';
      for (const item of items) {
        const signature = createHmac('sha256', customer.id).update(item.sku).digest('hex');
        out += `https://shop.example.com/r/${item.sku}?sig=${signature}\n`;
      }
      return out;
    },
  },
  {
    name: '|convertToSHA256NoSalt',
    family: 'service',
    template:
      "{% for item in items %}{{ (customer.email|lower ~ ':' ~ item.sku)|convertToSHA256NoSalt }}\n{% endfor %}",
    byHand: ({ items, customer }) => {
      const email = customer.email.toLowerCase();
      let out = '';
      for (const item of items)
        out += `${createHash('sha256').update(`${email}:${item.sku}`).digest('hex')}\n`;
      return out;
    },
  },
  {
    name: '|base64encode',
    family: 'service',
    template: "{% for item in items %}{{ (item.sku ~ ':' ~ customer.id)|base64encode }}\n{% endfor %}",
    byHand: ({ items, customer }) => {
      let out = '';
      for (const item of items) out += `${Buffer.from(`${item.sku}:${customer.id}`).toString('base64')}\n`;
      return out;
    },
  },
  perLine(
    'service',
    '|base64decode',
    '{{ item.encoded_ref|base64decode }}',
    (item) => `${Buffer.from(item.encoded_ref, 'base64').toString('utf8')}`,
  ),
  perLine(
    'service',
    '|urldecode',
    '{{ item.ref_param|urldecode }}',
    (item) => `${decodeURIComponent(item.ref_param.replaceAll('+', ' '))}`,
  ),
  {
    name: "|default('MOE_NOT_SEND')",
    family: 'service',
    template:
      "{% for item in items %}{{ item.name|default('MOE_NOT_SEND') }}: {{ item.size|default('MOE_NOT_SEND') }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        if (item.name === undefined || item.size === undefined) throw new Error('not sent');
        out += `${item.name}: ${item.size}\n`;
      }
      return out;
    },
  },
  {
    name: '{% MOE_NOT_SEND %} guard',
    family: 'service',
    template:
      "{% for item in items %}{% if item.price <= 0 %}{% MOE_NOT_SEND('a line has no price') %}{% endif %}{{ item.sku }}\n{% endfor %}",
    // Jinja2 has no such statement; the guard never fires on this data, so its text is the template without it.
    jinjaTemplate: '{% for item in items %}{% if item.price <= 0 %}{% endif %}{{ item.sku }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        if (item.price <= 0) throw new Error('a line has no price');
        out += `${item.sku}\n`;
      }
      return out;
    },
  },
];
