import { readFileSync } from 'node:fs';
import { emailData } from './src/data.ts';
import { nunjucksEngine, liquidEngine, handlebarsEngine } from './dev-engines.ts';
const exp = readFileSync('/tmp/benchdev/expected.txt', 'utf8');
for (const e of [nunjucksEngine, liquidEngine, handlebarsEngine]) {
  const out = e.compile(e.source)(emailData);
  console.log(e.name, out === exp);
  if (out !== exp) { const a = out.split('\n'), b = exp.split('\n'); for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) console.log(i, JSON.stringify(a[i]), '!=', JSON.stringify(b[i])); }
}
