/**
 * The baseline: the e-mail written as a plain JavaScript function. It prints exactly what Python's Jinja2
 * prints for `jinjaEmail`, so it carries the few Python rules the template shows (float repr, round half to
 * even, `%.2f`, Jinja2's `title` and `truncate`) and nothing else.
 */
import type { EmailData } from './data';
import { jinjaTitle, jinjaTruncate, pyFixed, pyRoundText } from './python-text';

/** Renders the e-mail by hand: the same text Jinja2 prints for `jinjaEmail` with this data. */
export function renderEmailByHand(data: EmailData): string {
  const { user, products } = data;
  const firstName = jinjaTitle(user.first_name);
  const nickname = user.nickname === undefined ? 'friend' : user.nickname;
  let tierNote: string;
  if (user.tier === 'gold') tierNote = '\n<p>Gold members ship free.</p>\n';
  else if (user.tier === 'silver') tierNote = '\n<p>Silver members save 10% this week.</p>\n';
  else tierNote = '\n<p>Join Silver to save 10%.</p>\n';

  let out = `<html>
<head><title>${firstName}, your picks for this week</title></head>
<body>
<p>Hi ${firstName} ${user.last_name.toUpperCase()} (${nickname}),</p>
<p>Greetings from ${jinjaTitle(user.city.replaceAll('-', ' '))}. You follow ${user.interests.join(', ')}.</p>
<p>${jinjaTruncate(user.bio, 40)}</p>
<p>Balance: $${pyFixed(user.balance, 2)}. Points: ${user.points}, about ${pyRoundText(user.points / 3, 1, true)} a month.</p>
${tierNote}
<ul>
`;
  const last = products.length - 1;
  for (let i = 0; i <= last; i++) {
    const p = products[i];
    const cls = i === 0 ? 'first' : i === last ? 'last' : 'item';
    out += `\n<li class="${cls}">${i + 1}. ${jinjaTitle(p.name)}: $${pyRoundText(p.price, 1)}</li>\n`;
  }
  return `${out}
</ul>
<p>Sent to ${user.email.toLowerCase()}.</p>
</body>
</html>`;
}
