import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type FilePreferenceStore,
  filePreferenceStore,
  PreferenceFileError,
} from '../src/preferences/file-preference-store';

const opened: FilePreferenceStore[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

function folder(): string {
  return join(mkdtempSync(join(tmpdir(), 'personalize-store-')), 'data');
}

async function open(dir: string): Promise<FilePreferenceStore> {
  const store = await filePreferenceStore({ dir });
  opened.push(store);
  return store;
}

async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('filePreferenceStore', () => {
  it('makes its folder, writes every update to preferences.json, and a new store reads them back', async () => {
    const dir = folder();
    const store = await open(dir);
    await store.update('W1', [{ userId: 'u-1', categories: { News: false } }]);
    await store.update('W1', [
      { userId: 'u-1', categories: { Offers: true } },
      { userId: '__proto__', categories: { News: true } },
    ]);
    expect(readFileSync(join(dir, 'preferences.json'), 'utf8')).toBe(
      '{"version":1,"workspaces":{"W1":{"u-1":{"News":false,"Offers":true},"__proto__":{"News":true}}}}\n',
    );
    await store.close();
    const again = await open(dir);
    expect(await again.preferences('W1', 'u-1')).toEqual({ News: false, Offers: true });
    expect(Object.keys(await again.preferences('W1', '__proto__'))).toEqual(['News']);
    expect(await again.preferences('W2', 'u-1')).toEqual({});
  });

  it('updates that arrive while a write runs are all stored, later ones winning', async () => {
    const store = await open(folder());
    await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        store.update('W1', [
          { userId: `u-${index % 5}`, categories: { News: index % 2 === 0, [`c${index}`]: true } },
        ]),
      ),
    );
    const last = await store.preferences('W1', 'u-4');
    expect(last.News).toBe(false);
    expect(Object.keys(last).filter((name) => name.startsWith('c'))).toHaveLength(10);
  });

  it('a write that fails rejects, and the store keeps what it had', async () => {
    const dir = folder();
    const store = await open(dir);
    await store.update('W1', [{ userId: 'u-1', categories: { News: false } }]);
    rmSync(dir, { recursive: true });
    const error = await rejectionOf(store.update('W1', [{ userId: 'u-1', categories: { News: true } }]));
    expect((error as NodeJS.ErrnoException).code).toBe('ENOENT');
    expect(await store.preferences('W1', 'u-1')).toEqual({ News: false });
  });

  it('a folder another running store holds is refused, naming its pid; after close it opens', async () => {
    const dir = folder();
    const first = await open(dir);
    const error = await rejectionOf(filePreferenceStore({ dir }));
    expect(error.message).toContain(`is in use by server process ${process.pid}`);
    await first.close();
    await open(dir);
  });

  it('the lock of a process that is gone is taken over', async () => {
    const dir = folder();
    mkdirSync(dir, { recursive: true });
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(join(dir, 'preferences.lock'), `${gone}\n`);
    await open(dir);
    expect(readFileSync(join(dir, 'preferences.lock'), 'utf8')).toBe(`${process.pid}\n`);
  });

  it('a data file that is not one stops the store, and is left as it was', async () => {
    for (const text of ['{"version": 1, "workspaces": {"W1": {"u-1": {"News": "no"}}}}', '{"vers', '[]']) {
      const dir = folder();
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'preferences.json'), text);
      const error = await rejectionOf(filePreferenceStore({ dir }));
      expect(error).toBeInstanceOf(PreferenceFileError);
      expect(error.message).toContain(join(dir, 'preferences.json'));
      expect(readFileSync(join(dir, 'preferences.json'), 'utf8')).toBe(text);
      // The lock is let go, so that a fixed file opens.
      expect(existsSync(join(dir, 'preferences.lock'))).toBe(false);
    }
  });

  it('temporary files a crash left are removed when the store opens', async () => {
    const dir = folder();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, '.preferences.json.123.4.tmp'), '{"half');
    await open(dir);
    expect(readdirSync(dir).sort()).toEqual(['preferences.lock']);
  });
});
