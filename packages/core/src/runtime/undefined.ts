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
  const name = typeName(obj);
  // `groupby`'s namedtuple is a class of Jinja2's own.
  return name === '_GroupTuple' ? 'jinja2.filters._GroupTuple object' : `${name} object`;
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

/**
 * The attributes Python's `Undefined` object has (`dir(Undefined())`) that start with `_`: the sandbox finds them,
 * refuses them and gives an unsafe Undefined, where any other attribute of an Undefined fails.
 */
const UNDEFINED_ATTRIBUTES: ReadonlySet<string> = new Set(
  (
    '__add__ __aiter__ __bool__ __call__ __class__ __complex__ __delattr__ __dir__ __div__ __doc__ __eq__ ' +
    '__float__ __floordiv__ __format__ __ge__ __getattr__ __getattribute__ __getitem__ __getstate__ __gt__ ' +
    '__hash__ __init__ __init_subclass__ __int__ __iter__ __le__ __len__ __lt__ __mod__ __module__ __mul__ ' +
    '__ne__ __neg__ __new__ __pos__ __pow__ __radd__ __rdiv__ __reduce__ __reduce_ex__ __repr__ ' +
    '__rfloordiv__ __rmod__ __rmul__ __rpow__ __rsub__ __rtruediv__ __setattr__ __sizeof__ __str__ __sub__ ' +
    '__subclasshook__ __truediv__ _fail_with_undefined_error _undefined_exception _undefined_hint ' +
    '_undefined_message _undefined_name _undefined_obj'
  ).split(' '),
);

/** True when Python's `Undefined` has the attribute `name` (all of them start with `_`). */
export function isUndefinedAttribute(name: string): boolean {
  return UNDEFINED_ATTRIBUTES.has(name);
}

/**
 * `u.name` through the sandbox: an attribute Python's `Undefined` has is refused (an unsafe Undefined, which
 * prints as ''), any other is the error of using `u`.
 */
export function undefinedAttribute(u: Undefined, name: string): Undefined {
  if (UNDEFINED_ATTRIBUTES.has(name)) return unsafeUndefined(u, name);
  throw undefinedError(u);
}

/** The error raised when a template uses `u` beyond printing or testing it: `UndefinedError`, or `SecurityError` for a refused attribute. */
export function undefinedError(u: Undefined): TemplateRuntimeError {
  const message = undefinedMessage(u);
  return u instanceof UnsafeUndefined
    ? new SecurityError(message)
    : new TemplateRuntimeError('UndefinedError', message);
}
