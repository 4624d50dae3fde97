import { execFileSync } from 'node:child_process';
import { compile } from '@personalize/core';
import { expect, it } from 'vitest';
import { PYTHON, startJinja } from '../jinja/bridge';

// Python's own table names the references, so one the engine lacks fails as surely as a wrong text.
const pythonNames = JSON.parse(
  execFileSync(PYTHON, ['-c', 'import html.entities, json; print(json.dumps(sorted(html.entities.html5)))'], {
    encoding: 'utf8',
  }),
) as string[];
// The engine derives letters with a diacritic and mathematical letters: every letter with every such
// suffix, so that a name it derives and HTML5 lacks (which Python leaves as written) fails too.
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SUFFIXES = 'acute grave circ tilde uml ring cedil caron dot macr breve ogon dblac opf fr scr'.split(
  ' ',
);
const derivable = SUFFIXES.flatMap((suffix) => [...LETTERS].map((letter) => `${letter}${suffix};`));
const names = [...new Set([...pythonNames, ...derivable])];

it('striptags decodes every HTML5 named reference, and nothing else, as Jinja2 does', async () => {
  const template = '{{ s|striptags }}';
  const cases = names.map((name) => ({ template, data: { s: `<b>[&${name}]</b>` } }));
  const jinja = await startJinja();
  const expected = await jinja.render(cases).finally(() => jinja.close());
  const render = compile(template);
  const disagreements = cases.flatMap(({ data }, index) => {
    const reference = expected[index];
    const output = render.render(data);
    return reference.ok && reference.output === output
      ? []
      : [{ input: data.s, engine: output, jinja: reference.ok ? reference.output : reference.message }];
  });
  expect(pythonNames.length).toBeGreaterThan(2000);
  expect(disagreements).toEqual([]);
});
