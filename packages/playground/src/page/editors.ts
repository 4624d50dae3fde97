/** The page's editors (CodeMirror 6): Jinja for templates, JSON for a payload and the sample data. */
import { jinja } from '@codemirror/lang-jinja';
import { json } from '@codemirror/lang-json';
import { type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { EditorSelection } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import type { EditorProblem } from '../draft/draft';

/** Options of `createEditor`. */
export interface EditorOptions {
  /** Where the editor goes. */
  readonly parent: HTMLElement;
  /** Its accessible name. */
  readonly label: string;
  /** Lines it shows at least, and at most before it scrolls. */
  readonly minLines: number;
  readonly maxLines: number;
  /** `jinja` for a template, `json` for a payload or the sample data. */
  readonly language: 'jinja' | 'json';
  readonly text: string;
  /** Called after every change of the text. */
  readonly onChange: () => void;
}

/**
 * An editor with line numbers, highlighting and marks for problems; Tab leaves it, as on any form field.
 *
 * It lives in a shadow root of `parent`: there CodeMirror styles itself with constructed style sheets, which a
 * Content-Security-Policy without `'unsafe-inline'` allows, where in the document it would add `<style>`
 * elements, which that policy blocks.
 */
export function createEditor(options: EditorOptions): EditorView {
  const root = options.parent.attachShadow({ mode: 'open' });
  return new EditorView({
    root,
    parent: root,
    doc: options.text,
    extensions: [
      basicSetup,
      options.language === 'jinja' ? jinja() : json(),
      lintGutter(),
      EditorView.lineWrapping,
      EditorView.theme({
        '&': { maxHeight: `${options.maxLines * 1.4 + 0.5}em`, fontSize: '0.9rem' },
        '.cm-scroller': { overflow: 'auto', fontFamily: "ui-monospace, 'DejaVu Sans Mono', monospace" },
        '.cm-content, .cm-gutter': { minHeight: `${options.minLines * 1.4}em` },
        '&.cm-focused': { outline: '2px solid #2456c7', outlineOffset: '1px' },
        '.cm-diagnosticText': {
          whiteSpace: 'pre-wrap',
          fontFamily: "ui-monospace, 'DejaVu Sans Mono', monospace",
        },
      }),
      // Inside a shadow root an id reference from outside does not resolve: the name is given as text.
      EditorView.contentAttributes.of({ 'aria-label': options.label }),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) options.onChange();
      }),
    ],
  });
}

/** Replaces the editor's text (a restored draft). */
export function setText(view: EditorView, text: string): void {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}

/** Marks the problems in the editor, replacing the ones before; places past the end are clamped. */
export function markProblems(view: EditorView, problems: readonly EditorProblem[]): void {
  const length = view.state.doc.length;
  const diagnostics: Diagnostic[] = problems.map((problem) => ({
    from: Math.min(problem.from, length),
    to: Math.min(Math.max(problem.to, problem.from), length),
    severity: problem.severity,
    message: problem.message,
  }));
  view.dispatch(setDiagnostics(view.state, diagnostics));
}

/** Puts the cursor on a problem's place and the focus in the editor. */
export function showPlace(view: EditorView, problem: EditorProblem): void {
  const length = view.state.doc.length;
  view.dispatch({
    selection: EditorSelection.range(Math.min(problem.from, length), Math.min(problem.to, length)),
    scrollIntoView: true,
  });
  view.focus();
}
