/**
 * Jinja2's `Undefined` messages, and the sandbox's "unsafe" Undefined. An Undefined prints as '' and is
 * false; using it any further (attribute, item, call, arithmetic) raises the error built here.
 */
import { SecurityError, TemplateRuntimeError } from '../errors';
import { strRepr } from './format';
import { typeName } from './type-name';
import { AttributeSource, Markup, Namespace, NO_OBJECT, PyCallable, Undefined } from './values';

/** What the sandbox returns for an attribute it refuses: Undefined, but using it raises `SecurityError`. */
export class UnsafeUndefined extends Undefined {}

/** Jinja2's `object_type_repr`: `dict object`, `None`, `jinja2.utils.Namespace object`. */
export function objectTypeRepr(obj: unknown): string {
  if (obj === null) return 'None';
  if (obj instanceof Namespace) return 'jinja2.utils.Namespace object';
  if (obj instanceof Markup) return 'markupsafe.Markup object';
  if (obj instanceof Undefined) return 'jinja2.runtime.Undefined object';
  if (obj instanceof PyCallable || obj instanceof AttributeSource) return `${obj.pyType} object`;
  return `${typeName(obj)} object`;
}

/** The Undefined for a refused attribute, with Jinja2's message (`access to attribute '__class__' of 'str' object is unsafe.`). */
export function unsafeUndefined(obj: unknown, name: string): Undefined {
  return new UnsafeUndefined(
    name,
    obj,
    `access to attribute ${strRepr(name)} of ${strRepr(typeName(obj))} object is unsafe.`,
  );
}

/** The Undefined for a missing non-string key (`list object has no element 5`); `keyRepr` is the key's repr. */
export function missingElement(obj: unknown, keyRepr: string): Undefined {
  return new Undefined(keyRepr, obj, `${objectTypeRepr(obj)} has no element ${keyRepr}`);
}

/** Jinja2's message for using an Undefined: `'x' is undefined`, `'dict object' has no attribute 'y'`. */
export function undefinedMessage(u: Undefined): string {
  if (u.hint !== undefined) return u.hint;
  const name = u.name === undefined ? 'None' : strRepr(u.name);
  if (u.obj === NO_OBJECT) return `${name} is undefined`;
  return `${strRepr(objectTypeRepr(u.obj))} has no attribute ${name}`;
}

/** The error raised when a template uses `u` beyond printing or testing it: `UndefinedError`, or `SecurityError` for a refused attribute. */
export function undefinedError(u: Undefined): TemplateRuntimeError {
  const message = undefinedMessage(u);
  return u instanceof UnsafeUndefined
    ? new SecurityError(message)
    : new TemplateRuntimeError('UndefinedError', message);
}
