#!/usr/bin/env node
/**
 * `pnpm link-url`: prints a landing-page link for a workspace, user and campaign, with the ids encrypted
 * under the workspace's `api_secret`, as the preferences endpoint reads them.
 */
import { fail, loadWorkspaceFileOrFail, parseCommandLine } from './command-line';
import { makeLandingPageLink } from './landing-page/landing-page-link';
import { DEMO_WORKSPACE_FILE, pickWorkspace } from './node';

const USAGE = `Usage: pnpm -s link-url [--workspace <file>] [--workspace-id <id>] --user <id> --campaign <id> --url <landing page>

Prints <landing page>?user_id=<token>&cid=<token>&app_key=<token>: the user id, the campaign id and the
Workspace ID, each encrypted with AES-256-GCM under the SHA-256 of the workspace's api_secret.

  --workspace <file>   workspace file (JSON); defaults to the demo workspace
  --workspace-id <id>  the workspace; may be left out when the file has only one
  --user <id>          the user's id (one of the workspace's users)
  --campaign <id>      the campaign's id
  --url <url>          the landing page, http:// or https://
  --help               this text
`;

async function main(): Promise<void> {
  const values = parseCommandLine(
    {
      workspace: { type: 'string' },
      'workspace-id': { type: 'string' },
      user: { type: 'string' },
      campaign: { type: 'string' },
      url: { type: 'string' },
      help: { type: 'boolean' },
    },
    USAGE,
  );
  if (values === undefined) return;
  const missing = (['user', 'campaign', 'url'] as const).filter((name) => !values[name]);
  if (missing.length > 0) fail(`${missing.map((name) => `--${name}`).join(', ')} required\n\n${USAGE}`, 2);

  const path = values.workspace ?? DEMO_WORKSPACE_FILE;
  const file = await loadWorkspaceFileOrFail(path);
  const pick = pickWorkspace(file, values['workspace-id']);
  if (pick.kind === 'several')
    fail(`${path} has several workspaces (${pick.ids.join(', ')}): choose one with --workspace-id`, 2);
  if (pick.kind === 'unknown') fail(`${path} has no workspace ${pick.id} (it has ${pick.ids.join(', ')})`, 1);
  const workspace = pick.entry;
  if (workspace.api_secret === undefined)
    fail(
      `workspace ${workspace.id} has no api_secret, so the preferences endpoint answers 409: set one in ${path}`,
      1,
    );
  const user = values.user as string;
  if (!workspace.users.some((u) => u.id === user))
    fail(`workspace ${workspace.id} has no user ${user}: the preferences endpoint would answer 400`, 1);

  try {
    const link = await makeLandingPageLink({
      apiSecret: workspace.api_secret,
      workspaceId: workspace.id,
      userId: user,
      campaignId: values.campaign as string,
      url: values.url as string,
    });
    process.stdout.write(`${link}\n`);
  } catch (error) {
    if (error instanceof TypeError) fail(error.message, 2);
    throw error;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `link-url failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
