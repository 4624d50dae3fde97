/**
 * `self`, Jinja2's `TemplateReference`: `self.title()` renders the template's `{% block title %}` again, where it is
 * called, in the template's own scope (the render variables and what the template has set at its top level so far),
 * as Jinja2 renders a block from the template's context.
 */
import { LimitError, TemplateRuntimeError } from '../errors';
import { strRepr } from '../runtime/format';
import type { RenderState } from '../runtime/state';
import { ADDRESS, AttributeSource, type Kwargs, NO_KWARGS, PyCallable, Undefined } from '../runtime/values';
import type { Frame, Run, St } from './frame';

/** The blocks of a template by name, each compiled to render from the template's top frame. */
export type BlockBodies = ReadonlyMap<string, St>;

/** `self` in a render: reads the template's blocks by name, each rendered from the render's top frame. */
export class TemplateReference extends AttributeSource {
  readonly pyType = 'jinja2.runtime.TemplateReference';

  constructor(
    private readonly blocks: BlockBodies,
    private readonly top: Frame,
  ) {
    super();
  }

  /** `self.name`: the block's reference, which renders it when called, or an Undefined. */
  override attr(name: string): unknown {
    const body = this.blocks.get(name);
    if (body === undefined) return new Undefined(name, this);
    const top = this.top;
    return new PyCallable(
      name,
      (state, args, kwargs) => renderBlock(state, body, top, args, kwargs),
      undefined,
      'jinja2.runtime.BlockReference',
      `<jinja2.runtime.BlockReference object${ADDRESS}>`,
    );
  }

  /** What Jinja2 prints for a template made from a string: it has no name. */
  override text(): string {
    return '<TemplateReference None>';
  }
}

/**
 * One call of a block's reference: no arguments, as Python's `BlockReference.__call__(self)` takes none; a call
 * counts toward the depth macro calls count toward, so a block that calls itself ends at the limit (Jinja2's
 * RecursionError).
 */
function renderBlock(state: RenderState, body: St, top: Frame, args: unknown[], kwargs: Kwargs): string {
  if (kwargs !== NO_KWARGS) {
    const [name] = Object.keys(kwargs);
    if (name !== undefined) {
      throw new TemplateRuntimeError(
        'TypeError',
        `BlockReference.__call__() got an unexpected keyword argument ${strRepr(name)}`,
      );
    }
  }
  if (args.length > 0) {
    throw new TemplateRuntimeError(
      'TypeError',
      `BlockReference.__call__() takes 1 positional argument but ${args.length + 1} were given`,
    );
  }
  const run = state as Run;
  if (++run.depth > run.limits.maxCallDepth) {
    throw new LimitError('maxCallDepth', `block calls nest deeper than ${run.limits.maxCallDepth}`);
  }
  const out = body(top);
  run.depth--;
  return out;
}

/** The top frame of a render, from any frame of it. */
export function topFrame(f: Frame): Frame {
  let frame = f;
  while (frame.up !== null) frame = frame.up;
  return frame;
}
