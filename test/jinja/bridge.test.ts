import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JinjaBridge, startJinja } from './bridge';

let jinja: JinjaBridge;
beforeAll(async () => {
  jinja = await startJinja();
});
afterAll(() => jinja.close());

describe('the Jinja2 bridge', () => {
  it('talks to Jinja2 3.1', () => {
    expect(jinja.version).toMatch(/^3\.1\./);
  });

  it('returns results in the order the cases were sent', async () => {
    const results = await jinja.render([
      { template: '{{ 10/4 }}' },
      { template: '{{ name|upper }}', data: { name: 'ada' } },
    ]);
    expect(results).toEqual([
      { ok: true, output: '2.5' },
      { ok: true, output: 'ADA' },
    ]);
  });

  it('reports a syntax error with its Jinja2 message', async () => {
    const [result] = await jinja.render([{ template: '{{ 1 + }}' }]);
    expect(result).toMatchObject({
      ok: false,
      errorType: 'TemplateSyntaxError',
      message: "unexpected 'end of print statement'",
    });
  });

  it('reports a runtime error with the Python exception name', async () => {
    const [result] = await jinja.render([{ template: '{{ 1 // 0 }}' }]);
    expect(result).toMatchObject({ ok: false, errorType: 'ZeroDivisionError' });
  });

  it('renders in the sandbox, where dunder attributes are undefined', async () => {
    const [result] = await jinja.render([{ template: "{{ ''.__class__ is undefined }}" }]);
    expect(result).toEqual({ ok: true, output: 'True' });
  });

  it('answers concurrent batches each with its own results', async () => {
    const [a, b] = await Promise.all([jinja.render([{ template: 'a' }]), jinja.render([{ template: 'b' }])]);
    expect([a, b]).toEqual([[{ ok: true, output: 'a' }], [{ ok: true, output: 'b' }]]);
  });
});
