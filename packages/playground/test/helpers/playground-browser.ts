/**
 * The end-to-end setting: the stand-alone server (`node packages/server/dist/cli.js`, what `pnpm serve` runs) on
 * loopback, and Debian's Chromium driven by playwright-core.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import type { EditorName } from '../../src/draft/draft';

const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Longest wait for anything the page does: a loaded 2-core machine can be slow, never this slow. */
export const PATIENCE_MS = 60_000;

/** Builds the page when a bare `vitest run` starts on a fresh clone (`pnpm test` builds everything first). */
export function ensurePageBuilt(): void {
  if (!existsSync(join(PACKAGE, 'dist', 'index.html')))
    execFileSync('pnpm', ['exec', 'vite', 'build', '--logLevel', 'warn'], { cwd: PACKAGE, stdio: 'inherit' });
}

/** Debian's Chromium, headless, with a fresh profile; `CHROMIUM_PATH` names another binary. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(
      `the end-to-end tests need Chromium at ${executablePath}: apt-get install chromium (pnpm test does it), or set CHROMIUM_PATH`,
    );
  }
  return chromium.launch({
    executablePath,
    headless: true,
    timeout: PATIENCE_MS * 2,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** The editor's text area (inside its shadow root, which Playwright's CSS selectors enter). */
export function editor(page: Page, name: EditorName): Locator {
  return page.locator(`#${name}-editor .cm-content`);
}

/** Replaces an editor's text as a paste would. */
export async function replaceText(page: Page, name: EditorName, text: string): Promise<void> {
  await editor(page, name).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
}

/** The editor's text, line by line as CodeMirror shows it. */
export async function editorText(page: Page, name: EditorName): Promise<string> {
  return page.evaluate((id) => {
    const lines = document
      .querySelector(`#${id}-editor`)
      ?.shadowRoot?.querySelectorAll('.cm-content > .cm-line');
    return [...(lines ?? [])].map((line) => line.textContent).join('\n');
  }, name);
}

/** Waits until an element matching `selector` has exactly this text (or text matching the pattern). */
export async function waitForText(page: Page, selector: string, text: string | RegExp): Promise<Locator> {
  const pattern =
    typeof text === 'string' ? new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : text;
  const found = page.locator(selector).filter({ hasText: pattern }).first();
  await found.waitFor({ timeout: PATIENCE_MS });
  return found;
}

/** Where an editor's first error mark is: its line and column (1-based, columns in code points) and its text. */
export async function firstErrorMark(
  page: Page,
  name: EditorName,
): Promise<{ line: number; column: number; text: string }> {
  await editor(page, name).locator('.cm-lintRange-error').first().waitFor({ timeout: PATIENCE_MS });
  return page.evaluate((id) => {
    const root = document.querySelector(`#${id}-editor`)?.shadowRoot;
    const mark = root?.querySelector('.cm-lintRange-error');
    const line = mark?.closest('.cm-line');
    if (!root || !mark || !line) throw new Error('no error mark');
    const before = document.createRange();
    before.setStart(line, 0);
    before.setEndBefore(mark);
    return {
      line: [...root.querySelectorAll('.cm-content > .cm-line')].indexOf(line) + 1,
      column: [...before.toString()].length + 1,
      text: mark.textContent ?? '',
    };
  }, name);
}
