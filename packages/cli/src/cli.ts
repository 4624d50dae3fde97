#!/usr/bin/env node
import { CommandError, EXIT, type ExitStatus } from './command-line/command-error';
/**
 * `personalize`: templates rendered, checked and bulk-rendered offline. What a person reads about a failure goes
 * to stderr without a JavaScript stack; the exit status says what kind of failure it was (see `EXIT`).
 */
import { bulkCommand } from './commands/bulk';
import { checkCommand } from './commands/check';
import { renderCommand } from './commands/render';
import { workerCommand } from './commands/worker';

const USAGE = `Usage: personalize <command> [options]

Commands:
  render <template-file>      render a template for one user and print it
  check <template-file...>    list each template's syntax errors and the data it reads
  bulk <template-file>        render a template for every user of an NDJSON file
  worker --queue <redis-url>  render the chunks of queued bulk runs (bulk --queue), on any number of machines

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
    case 'worker':
      return workerCommand(args);
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

/**
 * A finished command ends the process. Only a queued run or a worker that lost Redis leaves anything behind (BullMQ
 * connections that wait on it for ever); they are given a moment, then dropped.
 */
function exitSoon(): void {
  setTimeout(() => process.exit(), 1_000).unref();
}

main(process.argv.slice(2)).then(
  (status) => {
    process.exitCode = status;
    exitSoon();
  },
  (error: unknown) => {
    exitSoon();
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
