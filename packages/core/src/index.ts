export type { TemplateNames } from './compiler/compiler';
export {
  codeFrame,
  LimitError,
  NotSentSignal,
  SecurityError,
  TemplateError,
  TemplateRuntimeError,
  TemplateSyntaxError,
} from './errors';
export { DEFAULT_LIMITS, type Limits } from './limits';
export type { FilterSpec, RenderState, TestSpec } from './runtime/state';
export { Markup, PyFloat, Undefined } from './runtime/values';
export { type CompileOptions, compile, Template } from './template';
