/**
 * What a user's ES module does with the installed packages: render, encode, serve a preview in-process and
 * make a landing-page link. Prints one JSON line of what it saw.
 */
import { decodeValue, encodeValue } from '@personalize/compression';
import { codeCopyStatus, compile, configureCodeCopies, TemplateSyntaxError } from '@personalize/core';
import { createApp, makeLandingPageLink, type RequestLogger, workspaceFileStore } from '@personalize/server';
import { DEMO_WORKSPACE_FILE, loadWorkspaceFile } from '@personalize/server/node';

const logged: string[] = [];
const logger: RequestLogger = {
  info: (_fields, message) => void logged.push(message),
  warn: (_fields, message) => void logged.push(message),
  error: (_fields, message) => void logged.push(message),
};
const app = createApp({
  workspaces: workspaceFileStore(await loadWorkspaceFile(DEMO_WORKSPACE_FILE)),
  logger,
});
const preview = await app.request('/core-services/v1/personalization/preview', {
  method: 'POST',
  headers: {
    Authorization: `Basic ${btoa('DEMO01:preview-key')}`,
    'SVC-APPKEY': 'DEMO01',
    'Content-Type': 'application/json',
  },
  body: JSON.stringify({
    request_id: 'consumer-esm',
    personalization_content: { payload: { subject: "Hi {{ UserAttribute['First Name']|title }}" } },
    personalization_details: { channel: 'EMAIL' },
    user_details: { identifier: 'ID', identifier_value: 'u-1' },
  }),
});

let syntaxError = '';
try {
  compile('Hello {{ name }');
} catch (error) {
  if (error instanceof TemplateSyntaxError) syntaxError = error.describe().split('\n')[0];
}

// A template given code of its own at once: the copy of the compiler must load from the installed package.
configureCodeCopies({ afterRenders: 0 });
const hot = compile('{{ name|upper }}!', { cache: false });
const ownCode = { text: hot.render({ name: 'jane' }), own: hot.ownCode, status: codeCopyStatus() };

const link = new URL(
  await makeLandingPageLink({
    apiSecret: 'secret',
    workspaceId: 'DEMO01',
    userId: 'u-1',
    campaignId: 'c',
    url: 'https://example.com/p',
  }),
);

console.log(
  JSON.stringify({
    rendered: compile('{{ 10 / 4 }} {{ [1, none] }}').render({}),
    syntaxError,
    compressed: decodeValue(encodeValue('héllo')),
    preview: { status: preview.status, body: await preview.json() },
    logged,
    linkParams: [...link.searchParams.keys()],
    ownCode,
  }),
);
