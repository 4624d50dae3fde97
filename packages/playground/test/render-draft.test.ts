import { compile, parseAll } from '@personalize/core';
import { describe, expect, it } from 'vitest';
import { type Draft, STARTER_DRAFT } from '../src/draft/draft';
import { renderDraft } from '../src/render/render-draft';

const SAMPLE = JSON.stringify({
  UserAttribute: { 'First Name': 'jane', City: 'Berlin' },
  ContentBlock: { footer: "Thanks, {{ UserAttribute['First Name']|title }}{{ EventAttribute.Product }}" },
  ProductSet: { bestsellers: [{ title: 'Lamp', price: 19.5 }] },
});

const fields = (subject: string, body: string, sampleData = SAMPLE): Draft => ({
  ...STARTER_DRAFT,
  mode: 'fields',
  subject,
  body,
  sampleData,
});

describe('rendering a draft', () => {
  it('renders the starter draft as the engine does', async () => {
    const report = await renderDraft(STARTER_DRAFT);
    expect(report.problems).toEqual([]);
    expect(report.outcome).toEqual({
      kind: 'rendered',
      fields: [
        { label: 'subject', status: 'sent', text: 'Hi Jane, picks for Berlin' },
        {
          label: 'body',
          status: 'sent',
          text: 'Thanks for looking at Desk lamp.\nOur bestsellers:\n1. Lamp: 19.50\n2. Desk: 120.00\nIt is 21 degrees in Berlin today.\nThanks, Jane',
        },
      ],
      payload: undefined,
      warnings: [],
    });
  });

  it('a field that says not to send shows its reason', async () => {
    const report = await renderDraft(fields("{{ UserAttribute['Coupon']|default('MOE_NOT_SEND') }}", 'ok'));
    expect(report.outcome.kind === 'rendered' && report.outcome.fields[0]).toEqual({
      label: 'subject',
      status: 'not_sent',
      reason: "UserAttribute['Coupon'] is missing",
    });
  });

  it("marks every syntax error of a template at its token, with the engine's describe() text", async () => {
    const body = 'Hello {{ name }}\n{% if %}x{% endif %}\n  {{ x + }}';
    const report = await renderDraft(fields('fine', body));
    const expected = parseAll(body).errors.map((error) => error.describe());
    expect(expected).toHaveLength(2);
    expect(report.problems.map((p) => [p.editor, body.slice(p.from, p.to), p.message])).toEqual([
      ['body', '%}', expected[0]],
      ['body', '}}', expected[1]],
    ]);
    expect(report.outcome.kind === 'rendered' && report.outcome.fields[1]).toEqual({
      label: 'body',
      status: 'error',
      description: expected[0],
    });
  });

  it('marks a render error where the engine places it', async () => {
    const subject = 'a\n  {{ 1 // 0 }}';
    const report = await renderDraft(fields(subject, 'b'));
    expect(report.problems.map((p) => subject.slice(p.from, p.to))).toEqual(['1']);
    expect(report.problems[0].message).toMatch(/^line 2, column 6: integer division or modulo by zero/);
  });

  it("stops a template that loops forever with the engine's limit", async () => {
    const body = '{% for i in range(100000) %}{% for j in range(100000) %}x{% endfor %}{% endfor %}';
    const report = await renderDraft(fields('s', body));
    const outcome = report.outcome.kind === 'rendered' ? report.outcome.fields[1] : undefined;
    expect(outcome?.status).toBe('error');
    // The loop limit, or on a slow machine the time limit, whichever comes first.
    expect(outcome?.status === 'error' && outcome.description).toMatch(/loop iterations|took longer than/);
  });

  it('lists what the message reads, through content blocks, present or missing', async () => {
    const report = await renderDraft(
      fields(
        "{{ UserAttribute['First Name'] }} {{ UserAttribute.Coupon }}",
        "{{ ContentBlock['footer'] }}{{ ProductSet.deals }}",
      ),
    );
    expect(report.reads).toEqual([
      {
        object: 'UserAttribute',
        names: [
          { name: 'First Name', present: true },
          { name: 'Coupon', present: false },
        ],
        sampleCount: 2,
      },
      { object: 'EventAttribute', names: [{ name: 'Product', present: false }], sampleCount: 0 },
      { object: 'ContentBlock', names: [{ name: 'footer', present: true }], sampleCount: 1 },
      { object: 'ProductSet', names: [{ name: 'deals', present: false }], sampleCount: 1 },
    ]);
  });

  it('an object used whole reads all of it', async () => {
    const report = await renderDraft(fields('{{ UserAttribute|length }}', ''));
    expect(report.reads).toEqual([{ object: 'UserAttribute', names: 'all', sampleCount: 2 }]);
  });

  it('reads the same names as the compiled template says', async () => {
    const subject = "{% set k = 'City' %}{{ UserAttribute[k] }}{{ EventAttribute.Product }}";
    const report = await renderDraft(fields(subject, ''));
    const names = compile(subject).names;
    expect(names.wholeVariables).toContain('UserAttribute');
    expect(
      report.reads.map((read) => [read.object, read.names === 'all' ? 'all' : read.names.map((n) => n.name)]),
    ).toEqual([
      ['UserAttribute', 'all'],
      ['EventAttribute', names.members.EventAttribute],
    ]);
  });

  it('renders nothing while the sample data has problems, and marks them', async () => {
    const report = await renderDraft(fields('{{ x', 'b', '{"UserAttribute": 3}'));
    expect(report.outcome).toEqual({
      kind: 'not_rendered',
      reason: 'The sample data has problems: see the marks in it.',
    });
    expect(report.problems.map((p) => [p.editor, p.message])).toEqual([
      ['sampleData', 'UserAttribute must be an object of values by name'],
      ['subject', parseAll('{{ x').errors[0].describe()],
    ]);
  });

  it('renders a JSON payload, every string a template, and marks an error inside a string', async () => {
    const payload =
      '{\n  "title": "Hi {{ UserAttribute.City }}",\n  "buttons": [{"label": "Go\\n{{ 1 + }}"}],\n  "count": 2\n}';
    const report = await renderDraft({ ...STARTER_DRAFT, mode: 'payload', payload, sampleData: SAMPLE });
    expect(report.outcome.kind === 'rendered' && JSON.parse(report.outcome.payload ?? '')).toEqual({
      title: 'Hi Berlin',
      buttons: [{ label: '' }],
      count: 2,
    });
    expect(
      report.outcome.kind === 'rendered' && report.outcome.fields.map((f) => [f.label, f.status]),
    ).toEqual([
      ['title', 'sent'],
      ['buttons[0].label', 'error'],
    ]);
    expect(report.problems.map((p) => payload.slice(p.from, p.to))).toEqual(['}}']);
  });

  it('marks a payload that is not JSON, or not an object, and renders nothing', async () => {
    const broken = await renderDraft({ ...STARTER_DRAFT, mode: 'payload', payload: '{"a": "x",}' });
    expect(broken.outcome.kind).toBe('not_rendered');
    expect(broken.problems.map((p) => [p.editor, p.message])).toEqual([
      ['payload', 'JSON: property name expected'],
    ]);
    const list = await renderDraft({ ...STARTER_DRAFT, mode: 'payload', payload: '["x"]' });
    expect(list.problems.map((p) => p.message)).toEqual([
      'the payload must be a JSON object: {"subject": "...", ...}',
    ]);
  });

  it("a content API missing from the sample data fails the field in the service's words", async () => {
    const report = await renderDraft(fields('{% set w = ContentApi.weather() %}{{ w.temp }}', ''));
    expect(report.outcome.kind === 'rendered' && report.outcome.fields[0]).toEqual({
      label: 'subject',
      status: 'error',
      description: expect.stringContaining("Content API with name 'weather' not found"),
    });
  });
});
