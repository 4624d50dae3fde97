/**
 * The render worker: renders each draft the page sends, off the page's thread, so that a slow template never
 * freezes the page (and the page can end the worker if a render runs too long).
 */
import { renderDraft } from './render-draft';
import type { RenderRequest, WorkerMessage } from './render-protocol';

/** The part of the worker's global scope used here (the DOM library types `self` as a window). */
interface WorkerScope {
  postMessage(message: WorkerMessage): void;
  onmessage: ((event: MessageEvent<RenderRequest>) => void) | null;
}

const scope = self as unknown as WorkerScope;
scope.onmessage = (event) => {
  const { id, draft } = event.data;
  void renderDraft(draft).then((report) => scope.postMessage({ type: 'report', id, report }));
};
scope.postMessage({ type: 'ready' });
