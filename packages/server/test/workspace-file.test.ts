import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_WORKSPACE_FILE, loadWorkspaceFile } from '../src/node';
import { PUBLISHED_LIMITS, workspaceFileStore } from '../src/workspaces/workspace';
import { parseWorkspaceFile, WorkspaceFileError } from '../src/workspaces/workspace-file';
import { testWorkspaceDocument } from './helpers/workspace';

function problemsOf(document: unknown): string[] {
  try {
    parseWorkspaceFile(document, 'ws.json');
  } catch (error) {
    if (error instanceof WorkspaceFileError) return error.problems.map((p) => p.message);
    throw error;
  }
  return [];
}

function withWorkspace(changes: Record<string, unknown>) {
  return testWorkspaceDocument(changes);
}

describe('the workspace file', () => {
  it('the shipped demo workspace loads, with the decisions page example data', async () => {
    const file = await loadWorkspaceFile(DEMO_WORKSPACE_FILE);
    const demo = file.workspaces[0];
    expect(demo.id).toBe('DEMO01');
    expect(demo.users[0].id).toBe('u-1');
    expect(Object.keys(demo.content_blocks)).toContain('footer');
    expect(Object.keys(demo.product_sets)).toContain('bestsellers');
    expect(demo.content_apis.weather.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
    expect(demo.custom_templates[0].record.meta_info).toBeDefined();
  });

  it('a field of the wrong type is named by its JSON path', () => {
    expect(problemsOf(withWorkspace({ limits: { preview_per_minute: 'many' } }))).toEqual([
      'workspaces[0].limits.preview_per_minute must be a number, got a string',
    ]);
  });

  it('every problem is listed, each with its path', () => {
    const messages = problemsOf(
      withWorkspace({
        keys: {},
        events: ['ok', 3],
        content_apis: { w: { url: 'ftp://x', timeout_ms: -1 } },
        users: [{ attributes: {} }],
      }),
    );
    expect(messages).toEqual([
      'workspaces[0].keys.preview is required but has no value',
      'workspaces[0].events[1] must be a string, got an integer',
      'workspaces[0].users[0].id is required but has no value',
      'workspaces[0].content_apis.w.url must be an http:// or https:// URL',
      'workspaces[0].content_apis.w.timeout_ms must be greater than 0',
    ]);
  });

  it('an unknown field is named, so a misspelt one is not silently ignored', () => {
    expect(problemsOf(withWorkspace({ limits: { preview_per_minit: 5 } }))).toEqual([
      'workspaces[0].limits.preview_per_minit is not a known field',
    ]);
  });

  it('repeated workspace ids, user ids and template versions are named', () => {
    const document = testWorkspaceDocument({
      users: [{ id: 'a' }, { id: 'a' }],
      custom_templates: [
        { template_id: 't', version: '1', record: {} },
        { template_id: 't', version: '1', record: {} },
      ],
    }) as { workspaces: Record<string, unknown>[] };
    document.workspaces[1].id = 'TEST01';
    expect(problemsOf(document)).toEqual([
      'workspaces[1].id repeats the id "TEST01" of workspaces[0].id',
      'workspaces[0].users[1].id repeats the user id "a" of workspaces[0].users[0].id',
      'workspaces[0].custom_templates[1] repeats template "t" version "1" of workspaces[0].custom_templates[0]',
    ]);
  });

  it('a subscription to a category the workspace does not have is named', () => {
    expect(
      problemsOf(
        withWorkspace({ categories: ['News'], users: [{ id: 'u', subscriptions: { Promo: false } }] }),
      ),
    ).toEqual([
      'workspaces[0].users[0].subscriptions.Promo names a category that is not in workspaces[0].categories',
    ]);
  });

  it('a file with no workspaces, or not an object, is refused', () => {
    expect(problemsOf({ workspaces: [] })).toEqual(['workspaces must have at least 1 item(s)']);
    expect(problemsOf([])).toEqual(['the document must be an object, got an array']);
  });

  it('the error message names the file', () => {
    expect(() => parseWorkspaceFile({}, 'conf/ws.json')).toThrow(
      'conf/ws.json is not a valid workspace file:\n  workspaces is required but has no value',
    );
  });

  it('a file that is not JSON is named with the line and column', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ws-'));
    const path = join(dir, 'bad.json');
    writeFileSync(path, '{\n  "workspaces": [1 2]\n}');
    await expect(loadWorkspaceFile(path)).rejects.toThrow(
      /bad\.json is not a valid workspace file:\n.*\(line 2, column 20\)/,
    );
    await expect(loadWorkspaceFile(join(dir, 'none.json'))).rejects.toThrow('the file does not exist');
  });

  it('limits left out are the published ones', async () => {
    const store = workspaceFileStore(parseWorkspaceFile(testWorkspaceDocument(), 'ws'));
    expect((await store.workspace('OTHER02'))?.limits).toEqual(PUBLISHED_LIMITS);
    expect(PUBLISHED_LIMITS).toEqual({
      previewPerMinute: 10_000,
      preferencesPerMinute: 100,
      preferencesPerDay: 360_000,
    });
  });
});
