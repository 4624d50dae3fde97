#!/usr/bin/env node
import { CommandError, EXIT, type ExitStatus } from './command-line/command-error';
/**
 * `personalize`: templates rendered, checked and bulk-rendered offline. What a person reads about a failure goes
 * to stderr without a JavaScript stack; the exit status says what kind of failure it was (see `EXIT`).
 */
import { bulkCommand } from './commands/bulk';
import { checkCommand } from './commands/check';
import { renderCommand } from './commands/render';

const USAGE = `Usage: personalize <command> [options]

Commands:
  render <template-file>      render a template for one user and print it
  check <template-file...>    list each template's syntax errors and the data it reads
  bulk <template-file>        render a template for every user of an NDJSON file

Run personalize <command> --help for a command's options.
`;

async function main(argv: readonly string[]): Promise<ExitStatus> {
  const [command, ...args] = argv;
  const streams = { out: process.stdout, err: process.stderr };
  switch (command) {
    case 'render':
      return renderCommand(args, streams);
    case 'check':
      return checkCommand(args, streams);
    case 'bulk':
      return bulkCommand(args);
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(USAGE);
      return command === undefined ? EXIT.usage : EXIT.ok;
    default:
      throw new CommandError(`unknown command ${JSON.stringify(command)}\n\n${USAGE}`);
  }
}

main(process.argv.slice(2)).then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    if (error instanceof CommandError) {
      process.stderr.write(`${error.message}\n`);
      process.exitCode = error.status;
      return;
    }
    process.stderr.write(
      `personalize failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = EXIT.templateError;
  },
);
