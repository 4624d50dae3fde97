/**
 * The playground in a real browser (Debian's Chromium) against the stand-alone server on loopback: what an
 * author sees while typing, errors where they are, a runaway template, the reads panel, the preview as a stored
 * user, a shared link, and no Content-Security-Policy violation.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAll } from '@personalize/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureBuilt,
  type ServerProcess,
  startServerProcess,
} from '../../server/test/helpers/server-process';
import {
  editor,
  editorText,
  ensurePageBuilt,
  firstErrorMark,
  launchChromium,
  PATIENCE_MS,
  replaceText,
  waitForText,
} from './helpers/playground-browser';

const SCREENSHOT = fileURLToPath(new URL('../docs/playground.png', import.meta.url));
const PREVIEW_PATH = '/core-services/v1/personalization/preview';

let server: ServerProcess;
let browser: Browser;
/** What the browser printed about the Content-Security-Policy, from any page. */
const consoleViolations: string[] = [];
const pageErrors: string[] = [];

/** The violations browsers reported to the server, from its log lines. */
function reportedViolations(): Record<string, unknown>[] {
  return server
    .stdout()
    .split('\n')
    .slice(0, -1) // the last piece may be a line still being written
    .filter((line) => line.includes('csp_violation'))
    .map((line) => (JSON.parse(line) as { csp_violation: Record<string, unknown> }).csp_violation);
}

/** A new tab (its own session) on the playground, once it has rendered the starter message. */
async function openPlayground(url = `${server.url}/playground/`): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  page.setDefaultTimeout(PATIENCE_MS);
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) consoleViolations.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(url);
  await page.locator('#preview[aria-busy]').waitFor({ state: 'detached' });
  return page;
}

/** The answer of the server to a preview request made here, as any client would make it. */
async function previewDirectly(
  key: string,
  payload: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.url}${PREVIEW_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`DEMO01:${key}`).toString('base64')}`,
      'SVC-APPKEY': 'DEMO01',
    },
    body: JSON.stringify({
      request_id: 'e2e',
      personalization_content: { payload },
      personalization_details: { channel: 'EMAIL' },
      user_details: { identifier: 'ID', identifier_value: 'u-1' },
    }),
  });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  ensureBuilt();
  ensurePageBuilt();
  [server, browser] = await Promise.all([startServerProcess(['--port', '0']), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.kill();
});

describe('the playground page', () => {
  it('shows the rendered text of a template as it is typed', async () => {
    const page = await openPlayground();
    await waitForText(page, '#preview [data-field="subject"] .text', 'Hi Jane, picks for Berlin');
    await editor(page, 'subject').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Hello', { delay: 20 });
    await waitForText(page, '#preview [data-field="subject"] .text', 'Hello');
    await page.keyboard.type(" {{ UserAttribute['First Name']|upper }}!", { delay: 20 });
    expect(await editorText(page, 'subject')).toBe("Hello {{ UserAttribute['First Name']|upper }}!");
    await waitForText(page, '#preview [data-field="subject"] .text', 'Hello JANE!');
  });

  it("underlines a syntax error at its line and column, with the engine's message beside it", async () => {
    const page = await openPlayground();
    const body = 'Dear reader,\n  see {{ name }';
    await replaceText(page, 'body', body);
    const [error] = parseAll(body).errors;
    expect([error.line, error.column]).toEqual([2, 15]);
    expect(await firstErrorMark(page, 'body')).toEqual({ line: 2, column: 15, text: '}' });
    await waitForText(page, '#body-problems li pre', error.describe());
    await waitForText(page, '#preview [data-field="body"] .error', error.describe());
  });

  it('stops a template that loops forever, and the page still answers', async () => {
    const page = await openPlayground();
    await replaceText(
      page,
      'body',
      '{% for i in range(100000) %}{% for j in range(100000) %}x{% endfor %}{% endfor %}',
    );
    expect(await page.evaluate(() => document.title)).toBe('Personalize playground');
    await waitForText(page, '#preview [data-field="body"] .error', /loop iterations|took longer than/);
    await replaceText(page, 'body', "still {{ 'alive' }}");
    await waitForText(page, '#preview [data-field="body"] .text', 'still alive');
  });

  it('lists what the message reads, marked present or missing in the sample data', async () => {
    const page = await openPlayground();
    await replaceText(page, 'subject', "{{ UserAttribute['Coupon'] }} in {{ UserAttribute.City }}");
    await replaceText(
      page,
      'body',
      "{% for p in ProductSet.deals %}{% endfor %}{{ ContentBlock['footer'] }}",
    );
    await waitForText(page, '#reads [data-object="ProductSet"] li', /deals/);
    const reads = await page
      .locator('#reads section')
      .evaluateAll((sections) =>
        sections.map((section) => [
          section.getAttribute('data-object'),
          [...section.querySelectorAll('li')].map((li) => `${li.getAttribute('data-name')}: ${li.className}`),
        ]),
      );
    // First Name is read by the footer block.
    expect(reads).toEqual([
      ['UserAttribute', ['Coupon: missing', 'City: present', 'First Name: present']],
      ['ContentBlock', ['footer: present']],
      ['ProductSet', ['deals: missing']],
    ]);
  });

  it("previews as a stored user with the server's answer, and shows a wrong key's 401 item", async () => {
    const page = await openPlayground();
    const payload = {
      subject: "Hi {{ UserAttribute['First Name']|title }} in {{ UserAttribute.City }}",
      body: '{% for p in ProductSet.bestsellers %}{{ p.title }} {% endfor %}| {{ ContentBlock["footer"] }}',
    };
    await replaceText(page, 'subject', payload.subject);
    await replaceText(page, 'body', payload.body);
    await page.getByLabel('Workspace ID').fill('DEMO01');
    await page.getByLabel('API key').fill('preview-key');
    await page.getByLabel('User', { exact: true }).fill('u-1');
    await page.getByRole('button', { name: 'Preview as this user' }).click();
    await waitForText(page, '#stored-answer .status', 'HTTP 200');

    const expected = await previewDirectly('preview-key', payload);
    expect(expected.status).toBe(200);
    const answered = (expected.body as { personalized_content: { payload: Record<string, string> } })
      .personalized_content.payload;
    expect(answered.subject).toBe('Hi Jane in Berlin');
    for (const [key, text] of Object.entries(answered)) {
      expect(await page.locator(`#stored-answer [data-field="${key}"] .text`).textContent()).toBe(text);
    }
    // The README's screenshot, rewritten on request only: its bytes change from run to run.
    const shot = process.env.UPDATE_SCREENSHOT
      ? SCREENSHOT
      : join(mkdtempSync(join(tmpdir(), 'playground-')), 'shot.png');
    await page.screenshot({ path: shot, fullPage: true });

    // The details stay in this tab's session, never in its address.
    expect(await page.evaluate(() => sessionStorage.getItem('personalize-playground:stored-user'))).toContain(
      'preview-key',
    );
    expect(page.url()).not.toContain('preview-key');

    await page.getByLabel('API key').fill('not-the-key');
    await page.getByRole('button', { name: 'Preview as this user' }).click();
    await waitForText(page, '#stored-answer .status', 'HTTP 401');
    const refused = await previewDirectly('not-the-key', payload);
    expect(refused.status).toBe(401);
    const items = (refused.body as { error: { details: { target: string; message: string }[] } }).error
      .details;
    expect(items.length).toBeGreaterThan(0);
    expect(await page.locator('#stored-answer .error-items li').allTextContents()).toEqual(
      items.map((item) => `${item.target}: ${item.message}`),
    );
  });

  it('restores the template and the sample data from a shared link in a new page', async () => {
    const page = await openPlayground();
    await page.getByLabel('Workspace ID').fill('DEMO01');
    await page.getByLabel('API key').fill('preview-key');
    await page.getByLabel('a JSON payload').check();
    const payload =
      '{\n  "title": "Shared from {{ UserAttribute.City }}",\n  "count": "{{ ProductSet.picks|length }}"\n}';
    const sampleData = '{"UserAttribute": {"City": "Lisbon"}, "ProductSet": {"picks": [1, 2, 3]}}';
    await replaceText(page, 'payload', payload);
    await replaceText(page, 'sampleData', sampleData);
    await waitForText(page, '#preview .payload', /"title": "Shared from Lisbon"/);
    await page.getByRole('button', { name: 'Copy share link' }).click();
    const link = await page.getByLabel('Share link').inputValue();
    expect(link).toMatch(/\/playground\/#draft=[A-Za-z0-9_-]+$/);
    expect(link).not.toContain('Lisbon');
    expect(link).not.toContain('preview-key');

    const opened = await openPlayground(link);
    expect(await opened.getByLabel('a JSON payload').isChecked()).toBe(true);
    expect(await editorText(opened, 'payload')).toBe(payload);
    expect(await editorText(opened, 'sampleData')).toBe(sampleData);
    await waitForText(opened, '#preview .payload', /"title": "Shared from Lisbon",\s+"count": "3"/);
    expect(await opened.getByLabel('API key').inputValue()).toBe('');
  });

  it('is usable with the keyboard: Tab leaves an editor for the next control, and typing there edits it', async () => {
    const page = await openPlayground();
    await editor(page, 'subject').click();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('body-editor');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('typed');
    await waitForText(page, '#preview [data-field="body"] .text', 'typed');
    await page.getByLabel('API key').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('identifier');
  });

  it('reports no Content-Security-Policy violation (and would report one)', async () => {
    expect(pageErrors).toEqual([]);
    expect(consoleViolations).toEqual([]);
    // Make the page run a string as code, which its policy forbids: the browser must refuse it and report it.
    const page = await openPlayground();
    await page.evaluate(() => {
      // A timer runs the string later, as the page's own code, outside this evaluation.
      // biome-ignore lint/suspicious/noExplicitAny: setTimeout with a string is what the policy must refuse
      (setTimeout as any)("document.title = 'evaluated'", 0);
    });
    await expect.poll(() => reportedViolations().length, { timeout: PATIENCE_MS }).toBeGreaterThan(0);
    expect(reportedViolations()).toEqual([
      expect.objectContaining({ directive: 'script-src', blocked: 'eval' }),
    ]);
    expect(await page.title()).toBe('Personalize playground');
  });
});
