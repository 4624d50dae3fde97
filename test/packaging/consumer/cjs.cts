/** What a user's CommonJS module gets from `require`: every entry point loads and works. */
import { decodePayload, encodePayload } from '@personalize/compression';
import {
  codeCopyStatus,
  compile,
  configureCodeCopies,
  createRenderer,
  memoryResolvers,
} from '@personalize/core';
import { createApp, workspaceFileStore } from '@personalize/server';
import { DEMO_WORKSPACE_FILE, loadWorkspaceFile } from '@personalize/server/node';

async function main(): Promise<void> {
  const renderer = createRenderer({
    resolvers: memoryResolvers({ users: [{ id: 'u-1', attributes: { City: 'Berlin' } }] }),
  });
  const rendered = await renderer.render('{{ UserAttribute.City }}', {
    user: { identifier: 'ID', value: 'u-1' },
  });
  configureCodeCopies({ afterRenders: 0 });
  const hot = compile('{{ name|upper }}!', { cache: false });
  const ownCode = { text: hot.render({ name: 'jane' }), own: hot.ownCode, status: codeCopyStatus() };
  const workspaces = workspaceFileStore(await loadWorkspaceFile(DEMO_WORKSPACE_FILE));
  const health = await createApp({ workspaces }).request('/healthz');
  console.log(
    JSON.stringify({
      rendered,
      compressed: decodePayload(encodePayload({ a: 'x' })),
      health: await health.json(),
      workspaces: workspaces.ids,
      ownCode,
    }),
  );
}

// A rejection ends the process with its stack and a non-zero exit code.
void main();
