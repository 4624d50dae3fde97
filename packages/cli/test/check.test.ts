import { afterAll, describe, expect, it } from 'vitest';
import { folderWith, runCli } from './helpers/run-cli';

const files = folderWith({
  'welcome.txt':
    "Hi {{ UserAttribute['First Name']|title }} in {{ UserAttribute.City }}\n" +
    "{% for p in ProductSet.bestsellers %}{{ p.title }}{% endfor %} {{ ContentBlock['footer'] }}\n" +
    '{{ ContentApi.weather({}).temp }} {{ EventAttribute.sku }}',
  'three-errors.txt': 'Hi {{ UserAttribute.x }}\n{% if %}a{% endif %}\n{{ x + }}\n{% for %}{% endfor %}\n',
  'computed.txt': '{{ UserAttribute[key] }} {{ ContentBlock.footer }}',
  'plain.txt': 'No data here',
  'tokens.txt':
    '{% set v = ContentApi.variants({"params": {"recipient_id": "{{UserAttribute[\'ID\']}}", ' +
    '"sku": "{{ EventAttribute.sku }}"}}) %}{{ v.title }}',
  'message.json': { subject: 'Hi {{ UserAttribute.name }}', body: ['ok', '{{ x + }}', '{% endif %}'] },
  'not-object.json': '"just a string"',
});

afterAll(() => files.remove());

const run = (...args: string[]) => runCli(args, files.dir);

describe('personalize check', () => {
  it('lists the personalization data a valid template reads, and exits 0', async () => {
    const result = await run('check', 'welcome.txt');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(
      [
        'welcome.txt: ok',
        '  UserAttribute: First Name, City',
        '  EventAttribute: sku',
        '  ContentBlock: footer',
        '  ContentApi: weather',
        '  ProductSet: bestsellers',
        '',
      ].join('\n'),
    );
  });

  it('lists every syntax error the parser recovers from, each with its code frame, and exits 1', async () => {
    const result = await run('check', 'three-errors.txt');
    expect(result.status).toBe(1);
    expect(result.stdout).toBe(
      [
        'three-errors.txt: 3 errors',
        "  line 2, column 7: Expected an expression, got 'end of statement block'",
        '    2 | {% if %}a{% endif %}',
        '              ^',
        "  line 3, column 8: unexpected 'end of print statement'",
        '    3 | {{ x + }}',
        '               ^',
        "  line 4, column 8: Expected an expression, got 'end of statement block'",
        '    4 | {% for %}{% endfor %}',
        '               ^',
        '',
      ].join('\n'),
    );
  });

  it('lists what the tokens inside content API arguments read', async () => {
    const result = await run('check', 'tokens.txt');
    expect(result.stdout).toBe(
      ['tokens.txt: ok', '  UserAttribute: ID', '  EventAttribute: sku', '  ContentApi: variants', ''].join(
        '\n',
      ),
    );
  });

  it('says "all" for an object read by a computed name', async () => {
    const result = await run('check', 'computed.txt', 'plain.txt');
    expect(result.stdout).toBe(
      [
        'computed.txt: ok',
        '  UserAttribute: all (used whole or by a computed name)',
        '  ContentBlock: footer',
        'plain.txt: ok',
        '  reads no personalization data',
        '',
      ].join('\n'),
    );
  });

  it('prints machine-readable reports with --json: errors by payload field, reads as lists', async () => {
    const result = await run('check', '--json', 'message.json', 'computed.txt');
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({
      ok: false,
      files: [
        {
          file: 'message.json',
          ok: false,
          errors: [
            {
              field: 'body[1]',
              line: 1,
              column: 8,
              message: "unexpected 'end of print statement'",
              frame: '1 | {{ x + }}\n           ^',
            },
            {
              field: 'body[2]',
              line: 1,
              column: 4,
              message: "Encountered unknown tag 'endif'.",
              frame: '1 | {% endif %}\n       ^',
            },
          ],
          reads: null,
        },
        {
          file: 'computed.txt',
          ok: true,
          errors: [],
          reads: {
            userAttributes: 'all',
            eventAttributes: [],
            contentBlocks: ['footer'],
            contentApis: [],
            productSets: [],
          },
        },
      ],
    });
  });

  it('reports a file that cannot be read or is not a payload object, and goes on with the others', async () => {
    const result = await run('check', 'missing.txt', 'not-object.json', 'plain.txt');
    expect(result.status).toBe(1);
    expect(result.stdout).toBe(
      [
        'missing.txt: 1 error',
        '  template file missing.txt: it does not exist',
        'not-object.json: 1 error',
        '  template file not-object.json must hold a JSON object, not a string',
        'plain.txt: ok',
        '  reads no personalization data',
        '',
      ].join('\n'),
    );
  });

  it('exits 2 when no file is named', async () => {
    const result = await run('check');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^check needs at least one template file\n\nUsage: personalize check/);
  });
});
