export { type CodeCopySettings, codeCopyStatus, configureCodeCopies } from './compiler/code-copies';
export type { TemplateNames } from './compiler/compiler';
export {
  codeFrame,
  LimitError,
  NotSentSignal,
  SecurityError,
  TemplateAssertionError,
  TemplateError,
  TemplateRuntimeError,
  TemplateSyntaxError,
} from './errors';
export { DEFAULT_LIMITS, type Limits, TimeBudget } from './limits';
export { type ParseReport, parseAll } from './parser/parser';
export {
  ContentApiArgumentError,
  ContentBlockError,
  NotFoundError,
  type NotFoundKind,
} from './personalization/errors';
export {
  type ContentApiHandler,
  type FixedContentApiResult,
  type MemoryStore,
  memoryResolvers,
  type StoredUser,
} from './personalization/memory-resolvers';
export { contentApiArgumentSources } from './personalization/reads';
export {
  type CacheBounds,
  createRenderer,
  DEFAULT_PERSONALIZATION_LIMITS,
  type PersonalizationLimits,
  type Renderer,
  type RendererCacheOptions,
  type RendererOptions,
} from './personalization/renderer';
export type {
  ContentApiArguments,
  ContentApiCallContext,
  ContentApiResolver,
  ContentBlockResolver,
  MaybePromise,
  ProductSetResolver,
  ResolverContext,
  Resolvers,
  UserAttributeResolver,
  UserIdentification,
} from './personalization/resolvers';
export type {
  PayloadFailure,
  PayloadPath,
  PayloadResult,
  RenderResult,
  RenderWarning,
} from './personalization/results';
export type { RenderInput } from './personalization/session';
export type { FilterSpec, RenderState, TestSpec } from './runtime/state';
export { Markup, PyFloat, Undefined } from './runtime/values';
export { type CompileOptions, compile, Template } from './template';
