/** Errors of the personalization objects, in the service's words where the service has words for them. */
import { TemplateError, TemplateRuntimeError } from '../errors';
import { repr } from '../runtime/format';

/** The kinds of stored things a template (or a render's input) can name. */
export type NotFoundKind = 'content_block' | 'content_api' | 'product_set' | 'user';

function notFoundMessage(kind: NotFoundKind, names: readonly string[]): string {
  switch (kind) {
    case 'content_block':
      return `Content Blocks ${repr([...names])} not found`;
    case 'content_api':
      return `Content API with name ${repr(names[0])} not found`;
    case 'product_set':
      return `Product Set with name ${repr(names[0])} not found`;
    case 'user':
      return `User with ${names[0]} ${repr(names[1])} not found`;
  }
}

/**
 * A template names a content block, content API or product set that the workspace does not have, or the
 * render names a user that does not exist. The message is the service's: `Content Blocks ['x'] not found`,
 * `Content API with name 'x' not found`, `Product Set with name 'x' not found`.
 */
export class NotFoundError extends TemplateError {
  /** What kind of thing is missing. */
  readonly kind: NotFoundKind;
  /** The missing names (for `user`: the identifier kind and value). */
  readonly names: readonly string[];

  constructor(kind: NotFoundKind, names: readonly string[]) {
    super(notFoundMessage(kind, names));
    this.name = 'NotFoundError';
    this.kind = kind;
    this.names = names;
  }
}

/**
 * A content block cannot be used: its blocks form a cycle, it uses a token a block may not use, or its own
 * template fails (then `cause` is that error, placed in the block's source). `chain` is the path of blocks from
 * the template to the failing one (`['footer', 'legal', 'footer']`).
 */
export class ContentBlockError extends TemplateRuntimeError {
  /** The blocks from the outermost to the one at fault. */
  readonly chain: readonly string[];

  constructor(message: string, chain: readonly string[], cause?: unknown) {
    super('ContentBlockError', message);
    this.name = 'ContentBlockError';
    this.chain = chain;
    if (cause !== undefined) this.cause = cause;
  }
}

/**
 * A token inside a content API argument cannot be used: it does not compile, uses a token an argument may not
 * use (`ContentApi`, `ProductSet`), or fails while rendering (then `cause` is that error). `api` is the API's
 * name and `path` where the string sits in the argument object (`params.recipient_id`).
 */
export class ContentApiArgumentError extends TemplateRuntimeError {
  /** The API called. */
  readonly api: string;
  /** Where the string is in the argument object. */
  readonly path: string;

  constructor(api: string, path: string, problem: string, cause?: unknown) {
    super('ContentApiArgumentError', `the argument of ContentApi.${api}() at ${path} ${problem}`);
    this.name = 'ContentApiArgumentError';
    this.api = api;
    this.path = path;
    if (cause !== undefined) this.cause = cause;
  }
}
