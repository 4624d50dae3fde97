/** The messages between the page and its render worker, and the report of one render. */
import type { Draft, EditorProblem } from '../draft/draft';
import type { ObjectRead } from '../reads/template-reads';

/** How one template of the message came out. */
export type FieldOutcome =
  | { readonly label: string; readonly status: 'sent'; readonly text: string }
  | { readonly label: string; readonly status: 'not_sent'; readonly reason: string }
  | { readonly label: string; readonly status: 'error'; readonly description: string };

/** What became of a render. */
export type RenderOutcome =
  | {
      /** Every template ran (each one sent, not sent or failed). */
      readonly kind: 'rendered';
      readonly fields: readonly FieldOutcome[];
      /** The rendered payload as JSON text (payload mode), failed strings empty. */
      readonly payload: string | undefined;
      /** Sources that failed; the text has empty values in their place. */
      readonly warnings: readonly string[];
    }
  | {
      /** Nothing was rendered: the sample data or the payload's JSON has problems, or the render was stopped. */
      readonly kind: 'not_rendered';
      readonly reason: string;
    };

/** Everything the page shows after a render. */
export interface RenderReport {
  readonly outcome: RenderOutcome;
  /** What to underline in the editors. */
  readonly problems: readonly EditorProblem[];
  /** What the message reads from the data objects. */
  readonly reads: readonly ObjectRead[];
}

/** From the page to the worker. */
export interface RenderRequest {
  readonly type: 'render';
  /** Numbers the requests, so a report is matched to its draft. */
  readonly id: number;
  readonly draft: Draft;
}

/** From the worker to the page: it has loaded, or a render is done. */
export type WorkerMessage =
  | { readonly type: 'ready' }
  | { readonly type: 'report'; readonly id: number; readonly report: RenderReport };
