/** Why a command stopped before doing its work, and the exit status that says so. */

/** The exit statuses of every command. */
export const EXIT = {
  /** The command did what it was asked. */
  ok: 0,
  /** A template does not parse or failed to render (the error is printed with its code frame). */
  templateError: 1,
  /** The arguments or an input file (workspace, attributes, users) cannot be used. */
  usage: 2,
  /** `render`: the template said not to send (`MOE_NOT_SEND`). */
  notSent: 3,
} as const;

/** An exit status of the command. */
export type ExitStatus = (typeof EXIT)[keyof typeof EXIT];

/** A problem the user can fix, printed as is (no stack) before exiting with `status`. */
export class CommandError extends Error {
  /** The process's exit status. */
  readonly status: ExitStatus;

  constructor(message: string, status: ExitStatus = EXIT.usage) {
    super(message);
    this.name = 'CommandError';
    this.status = status;
  }
}

/** The message of anything thrown, without a JavaScript stack. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
