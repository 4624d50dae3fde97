import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli';

describe('personalize', () => {
  it('lists the commands on --help and exits 0', async () => {
    const result = await runCli(['--help'], tmpdir());
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Usage: personalize <command> \[options\]\n\nCommands:\n {2}render /);
  });

  it('exits 2 for an unknown command, naming it', async () => {
    const result = await runCli(['send'], tmpdir());
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^unknown command "send"\n\nUsage: personalize <command>/);
  });

  it("prints a command's own options on <command> --help", async () => {
    const result = await runCli(['bulk', '--help'], tmpdir());
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(
      '--workers <n>            worker threads; defaults to the number of cores',
    );
  });
});
