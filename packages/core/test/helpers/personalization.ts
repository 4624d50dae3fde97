/** Shared pieces of the personalization tests: a renderer over the in-memory store, and result unwrapping. */
import {
  createRenderer,
  type MemoryStore,
  memoryResolvers,
  type Renderer,
  type RendererOptions,
  type RenderInput,
  type RenderResult,
} from '../../src/index';

/** The user most tests render for. */
export const USER_1 = { identifier: 'ID', value: 'u-1' } as const;

/** A renderer over an in-memory store, with any other options. */
export function rendererFor(store: MemoryStore, options: Omit<RendererOptions, 'resolvers'> = {}): Renderer {
  return createRenderer({ ...options, resolvers: memoryResolvers(store) });
}

/** The text of a render that must have been sent. */
export function sentText(result: RenderResult): string {
  if (result.status !== 'sent') throw new Error(`expected a sent result, got not sent: ${result.reason}`);
  return result.text;
}

/** Renders and returns the text (the render must be sent). */
export async function textOf(renderer: Renderer, source: string, input: RenderInput = {}): Promise<string> {
  return sentText(await renderer.render(source, input));
}

/** The error a promise rejects with (fails when it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the promise to reject');
}

/** A promise that resolves with `value` after `ms` (real or fake) milliseconds. */
export function later<T>(ms: number, value: T): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value), ms));
}
