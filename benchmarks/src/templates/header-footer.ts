/**
 * The header and footer a workspace keeps as content blocks and puts around every message: a greeting with
 * the date in the reader's zone (`today`), a localized logo, a preheader with a fallback, social links, and an
 * unsubscribe link signed with `convertToSHA256`, the user ID in `base64encode` and the address `urlencode`d.
 */
import { createHmac } from 'node:crypto';
import { RENDER_CLOCK } from '../clock';
import { jinjaTitle } from '../python-text';
import type { RealisticTemplate } from './realistic-template';

/** The render variables: the user's attributes, the campaign and the workspace's links. */
export type HeaderFooterData = {
  UserAttribute: {
    'First Name'?: string;
    Email: string;
    ID: string;
    Language?: string;
    'Time Zone'?: string;
  };
  campaign: { id: string; preheader?: string };
  social: Array<{ network: string; url: string }>;
};

const data: HeaderFooterData = {
  UserAttribute: {
    'First Name': 'françois',
    Email: 'Francois.Martin@Example.FR',
    ID: 'u-77812',
    Language: 'FR',
    'Time Zone': 'Europe/Paris',
  },
  campaign: { id: 'spring-sale-24' },
  social: [
    { network: 'instagram', url: 'https://instagram.com/maison.example' },
    { network: 'pinterest', url: 'https://pinterest.com/maisonexample' },
    { network: 'tiktok', url: 'https://tiktok.com/@maison.example' },
  ],
};

const jinja = `<div style="display:none">{{ campaign.preheader|default('Nos nouveautés de printemps sont arrivées') }}</div>
<table class="header"><tr>
<td><img src="https://cdn.example.com/logo-{{ UserAttribute['Language']|default('en')|lower }}.png" alt="Maison" width="120"></td>
<td>Bonjour{{ ' ' ~ UserAttribute['First Name']|title if UserAttribute['First Name'] }}, le {{ '%d/%m/%Y'|today(UserAttribute['Time Zone']|default('UTC')) }}</td>
</tr></table>
<table class="footer"><tr><td>
{%- for link in social %}
<a href="{{ link.url }}?utm_source=email&utm_campaign={{ campaign.id }}"><img src="https://cdn.example.com/icons/{{ link.network }}.png" alt="{{ link.network|capitalize }}" width="24"></a>
{%- endfor %}
<p>Vous recevez cet e-mail à {{ UserAttribute['Email']|lower }}.
<a href="https://prefs.example.com/u/{{ UserAttribute['ID']|base64encode }}?c={{ campaign.id }}&sig={{ (UserAttribute['ID'] ~ ':' ~ campaign.id)|convertToSHA256('k3y-2024') }}&email={{ UserAttribute['Email']|lower|urlencode }}">Se désinscrire</a></p>
<p>Maison Example SAS · 18 rue des Lilas · 75011 Paris</p>
</td></tr></table>`;

// One formatter per zone: `DD/MM/YYYY` in en-GB is strftime's '%d/%m/%Y'.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateIn(zone: string, at: Date): string {
  let format = dateFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    });
    dateFormats.set(zone, format);
  }
  return format.format(at);
}

function byHand({ UserAttribute: user, campaign, social }: HeaderFooterData): string {
  const name = user['First Name'] ? ` ${jinjaTitle(user['First Name'])}` : '';
  const today = dateIn(user['Time Zone'] ?? 'UTC', RENDER_CLOCK);
  let out = `<div style="display:none">${campaign.preheader ?? 'Nos nouveautés de printemps sont arrivées'}</div>
<table class="header"><tr>
<td><img src="https://cdn.example.com/logo-${(user.Language ?? 'en').toLowerCase()}.png" alt="Maison" width="120"></td>
<td>Bonjour${name}, le ${today}</td>
</tr></table>
<table class="footer"><tr><td>`;
  for (const link of social) {
    const label = link.network.charAt(0).toUpperCase() + link.network.slice(1).toLowerCase();
    out += `\n<a href="${link.url}?utm_source=email&utm_campaign=${campaign.id}"><img src="https://cdn.example.com/icons/${link.network}.png" alt="${label}" width="24"></a>`;
  }
  const email = user.Email.toLowerCase();
  const id = Buffer.from(user.ID).toString('base64');
  const signature = createHmac('sha256', 'k3y-2024').update(`${user.ID}:${campaign.id}`).digest('hex');
  return `${out}
<p>Vous recevez cet e-mail à ${email}.
<a href="https://prefs.example.com/u/${id}?c=${campaign.id}&sig=${signature}&email=${encodeURIComponent(email)}">Se désinscrire</a></p>
<p>Maison Example SAS · 18 rue des Lilas · 75011 Paris</p>
</td></tr></table>`;
}

/** The header and footer blocks. nunjucks has none of the service's filters, so it is left out. */
export const headerFooter: RealisticTemplate<HeaderFooterData> = {
  name: 'header and footer',
  style: 'content blocks: today, convertToSHA256, base64encode, urlencode, default',
  jinja,
  data,
  byHand,
};
