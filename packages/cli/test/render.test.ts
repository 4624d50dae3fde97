import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderWith, runCli, workspaceFile } from './helpers/run-cli';

const files = folderWith({
  'workspace.json': workspaceFile(),
  'hello.txt':
    "Hi {{ UserAttribute['First Name']|title }} from {{ UserAttribute.City }}. {{ ContentBlock['footer'] }}",
  'message.json': {
    subject:
      "{{ UserAttribute['First Name']|default('there')|title }}, {{ ProductSet.bestsellers|length }} picks",
    body: {
      lines: ['Top: {{ ProductSet.bestsellers[0].title }}', 'Points: {{ UserAttribute.Points|default(0) }}'],
    },
    priority: 5,
  },
  'paris.json': { City: 'Paris', Points: null },
  'unclosed.txt': 'Hello {{ name }',
  'zero.txt': 'ok\n{{ 10 // UserAttribute.Points }} and {{ 1 / 0 }}',
  'coupon.txt': "{{ UserAttribute['Coupon']|default('MOE_NOT_SEND') }}",
  'event.txt': 'Bought {{ EventAttribute.sku }}',
  'sku.json': { sku: 'A-1' },
  'array.json': [1, 2],
  'broken-field.json': { subject: 'fine', body: 'Hi {{ UserAttribute.x }' },
});

afterAll(() => files.remove());

const run = (...args: string[]) => runCli(args, files.dir);

describe('personalize render', () => {
  it('prints the text rendered with the stored user and the workspace data, then a newline', async () => {
    const result = await run('render', 'hello.txt', '--workspace', 'workspace.json', '--user', 'u-1');
    expect(result).toEqual({ status: 0, stdout: 'Hi Jane from Berlin. Thanks, Jane\n', stderr: '' });
  });

  it('merges --attrs over the stored attributes, a null attribute being missing', async () => {
    const result = await run(
      'render',
      'message.json',
      '--workspace',
      'workspace.json',
      '--user',
      'u-1',
      '--attrs',
      'paris.json',
    );
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      subject: 'Jane, 2 picks',
      body: { lines: ['Top: Lamp', 'Points: 0'] },
      priority: 5,
    });
  });

  it('renders with the demo workspace when --workspace is not given', async () => {
    const result = await run('render', 'hello.txt', '--user', 'u-1');
    expect(result.stdout).toBe('Hi Jane from Berlin. Thanks, Jane\n');
  });

  it('prints a syntax error with its place and a caret under the column, and exits 1', async () => {
    const result = await run('render', 'unclosed.txt', '--workspace', 'workspace.json');
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      "unclosed.txt: line 1, column 15: unexpected '}'\n1 | Hello {{ name }\n                  ^\n",
    );
  });

  it('prints a render error at the failing expression, and exits 1', async () => {
    const result = await run('render', 'zero.txt', '--workspace', 'workspace.json', '--user', 'u-2');
    expect(result.status).toBe(1);
    expect(result.stderr.split('\n').slice(0, 3)).toEqual([
      "zero.txt: line 2, column 4: 'dict object' has no attribute 'Points'",
      '2 | {{ 10 // UserAttribute.Points }} and {{ 1 / 0 }}',
      '       ^',
    ]);
  });

  it('names the payload field whose template fails', async () => {
    const result = await run('render', 'broken-field.json', '--workspace', 'workspace.json');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^broken-field\.json \(body\): line 1, column 23: unexpected '}'\n/);
  });

  it('exits 3 with the reason when the template says not to send', async () => {
    const result = await run('render', 'coupon.txt', '--workspace', 'workspace.json', '--user', 'u-1');
    expect(result).toEqual({
      status: 3,
      stdout: '',
      stderr: "not sent: UserAttribute['Coupon'] is missing\n",
    });
  });

  it('gives EventAttribute the --event-attrs of a workspace event', async () => {
    const result = await run(
      'render',
      'event.txt',
      '--workspace',
      'workspace.json',
      '--event',
      'Purchase',
      '--event-attrs',
      'sku.json',
    );
    expect(result).toEqual({ status: 0, stdout: 'Bought A-1\n', stderr: '' });
  });

  it('refuses a template that reads EventAttribute without --event', async () => {
    const result = await run('render', 'event.txt', '--workspace', 'workspace.json');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('the template reads EventAttribute: name the event with --event <name>');
  });

  it('refuses an event the workspace does not list', async () => {
    const result = await run('render', 'event.txt', '--workspace', 'workspace.json', '--event', 'Refund');
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('--event "Refund" is not an event of workspace TEST01 (it lists Purchase)\n');
  });

  it('refuses a user the workspace does not have', async () => {
    const result = await run('render', 'hello.txt', '--workspace', 'workspace.json', '--user', 'u-9');
    expect(result).toEqual({ status: 2, stdout: '', stderr: 'workspace TEST01 has no user with id "u-9"\n' });
  });

  it('refuses --attrs that are not a JSON object', async () => {
    const result = await run('render', 'hello.txt', '--workspace', 'workspace.json', '--attrs', 'array.json');
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('--attrs array.json must hold a JSON object, not an array\n');
  });

  it('names the JSON path of a workspace file that breaks the schema', async () => {
    const bad = folderWith({ 'bad.json': { workspaces: [{ id: 'W', keys: { preview: 3 } }] }, 't.txt': 'x' });
    const result = await runCli(['render', 't.txt', '--workspace', 'bad.json'], bad.dir);
    bad.remove();
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('bad.json is not a valid workspace file');
    expect(result.stderr).toContain('workspaces[0].keys.preview');
  });

  it('explains an unknown option, followed by the usage, and exits 2', async () => {
    const result = await run('render', 'hello.txt', '--color');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^Unknown option '--color'/);
    expect(result.stderr).toContain('Usage: personalize render <template-file>');
  });

  it('exits 2 for a template file that does not exist', async () => {
    const result = await run('render', 'nope.txt');
    expect(result).toEqual({ status: 2, stdout: '', stderr: 'template file nope.txt: it does not exist\n' });
  });
});

describe('personalize render with content APIs', () => {
  let server: Server;
  let api: { dir: string; remove: () => void };

  beforeAll(async () => {
    server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      if (url.pathname === '/weather') {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ city: url.searchParams.get('city'), temp: 21 }));
      } else {
        response.statusCode = 500;
        response.end('down');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    api = folderWith({
      'workspace.json': workspaceFile({
        content_apis: { weather: { url: `${base}/weather` }, news: { url: `${base}/news` } },
      }),
      'weather.txt':
        "{% set w = ContentApi.weather({'params': {'city': UserAttribute.City}}) %}{{ w.city }}: {{ w.temp }}°",
      'news.txt': "News: {{ ContentApi.news({}).headline|default('none') }}",
    });
  });

  afterAll(async () => {
    api.remove();
    await new Promise((resolve) => server.close(resolve));
  });

  it('calls the workspace content API over HTTP with the template arguments', async () => {
    const result = await runCli(
      ['render', 'weather.txt', '--workspace', 'workspace.json', '--user', 'u-1'],
      api.dir,
    );
    expect(result).toEqual({ status: 0, stdout: 'Berlin: 21°\n', stderr: '' });
  });

  it('renders a failed content API call as {} and prints a warning', async () => {
    const result = await runCli(['render', 'news.txt', '--workspace', 'workspace.json'], api.dir);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('News: none\n');
    expect(result.stderr).toBe("warning: Content API 'news' failed: the API answered HTTP 500\n");
  });
});
