/**
 * The playground page: editors for the message and the sample data, rendered on every change (debounced) by
 * the engine in a worker, with problems marked where they are, what the message reads, a share link, and a
 * preview as a stored user through the server's preview API.
 */
import type { EditorView } from '@codemirror/view';
import {
  type Draft,
  type EditorName,
  type EditorProblem,
  type MessageMode,
  STARTER_DRAFT,
} from './draft/draft';
import { readMessage } from './message/message-templates';
import { byId, element } from './page/dom';
import { createEditor, markProblems, setText, showPlace } from './page/editors';
import { showOutcome } from './page/preview-panel';
import { showReads } from './page/reads-panel';
import { type MessageToSend, wireStoredUserForm } from './page/stored-user-form';
import type { RenderReport } from './render/render-protocol';
import { RenderSupervisor } from './render/render-supervisor';
import { readSampleData } from './sample-data/sample-data';
import { draftFragment, draftFromFragment } from './share/share-link';
import './styles.css';

/** Quiet time after a keystroke before rendering, in ms. */
const DEBOUNCE_MS = 150;
/** A render still running after this long has escaped the engine's limits (1 s per pass): its worker is ended. */
const STOP_AFTER_MS = 5_000;

const EDITORS: readonly EditorName[] = ['subject', 'body', 'payload', 'sampleData'];
/** Each editor's accessible name and height. */
const EDITOR_LOOKS: Record<
  EditorName,
  { readonly label: string; readonly minLines: number; readonly maxLines: number }
> = {
  subject: { label: 'Subject template', minLines: 1, maxLines: 3 },
  body: { label: 'Body template', minLines: 8, maxLines: 16 },
  payload: { label: 'Payload (JSON, every string a template)', minLines: 12, maxLines: 24 },
  sampleData: { label: 'Sample data (JSON)', minLines: 8, maxLines: 20 },
};
const notice = byId('notice');
const preview = byId('preview');

const shared = draftFromFragment(location.hash);
if (shared?.ok === false)
  notice.textContent = `The shared link could not be opened (${shared.reason}); the starter message is shown instead.`;
const initial: Draft = shared?.ok ? shared.draft : STARTER_DRAFT;
let mode: MessageMode = initial.mode;

let debounce: ReturnType<typeof setTimeout> | undefined;
const scheduleRender = () => {
  clearTimeout(debounce);
  preview.setAttribute('aria-busy', 'true');
  debounce = setTimeout(() => supervisor.render(currentDraft()), DEBOUNCE_MS);
};

const views = Object.fromEntries(
  EDITORS.map((name) => [
    name,
    createEditor({
      parent: byId(`${name}-editor`),
      ...EDITOR_LOOKS[name],
      language: name === 'subject' || name === 'body' ? 'jinja' : 'json',
      text: initial[name],
      onChange: scheduleRender,
    }),
  ]),
) as Record<EditorName, EditorView>;

function currentDraft(): Draft {
  const text = (name: EditorName) => views[name].state.doc.toString();
  return {
    mode,
    subject: text('subject'),
    body: text('body'),
    payload: text('payload'),
    sampleData: text('sampleData'),
  };
}

/** Lists an editor's problems under it, each with a button that puts the cursor on it. */
function listProblems(name: EditorName, problems: readonly EditorProblem[]): void {
  byId(`${name}-problems`).replaceChildren(
    ...problems.map((problem) =>
      element(
        'li',
        { class: problem.severity },
        element('pre', {}, problem.message),
        buttonTo(name, problem),
      ),
    ),
  );
}

function buttonTo(name: EditorName, problem: EditorProblem): HTMLButtonElement {
  const button = element('button', { type: 'button' }, 'Show in the editor');
  button.addEventListener('click', () => showPlace(views[name], problem));
  return button;
}

function showReport(report: RenderReport, draft: Draft | undefined): void {
  const now = currentDraft();
  for (const name of EDITORS) {
    // Marks for text that has changed since would land in the wrong place: the next report brings new ones.
    if (draft !== undefined && draft[name] !== now[name]) continue;
    const problems = report.problems.filter((problem) => problem.editor === name);
    markProblems(views[name], problems);
    listProblems(name, problems);
  }
  showOutcome(preview, report.outcome);
  showReads(byId('reads'), report.reads);
  if (draft === undefined || (draft.mode === now.mode && EDITORS.every((name) => draft[name] === now[name])))
    preview.removeAttribute('aria-busy');
}

const supervisor = new RenderSupervisor({
  start: () =>
    new Worker(new URL('./render/render-worker.ts', import.meta.url), { type: 'module', name: 'render' }),
  onReport: showReport,
  stopAfterMs: STOP_AFTER_MS,
});

function showMode(next: MessageMode): void {
  mode = next;
  byId('fields-editors').hidden = mode !== 'fields';
  byId('payload-editors').hidden = mode !== 'payload';
  for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="mode"]'))
    radio.checked = radio.value === mode;
}
for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="mode"]')) {
  radio.addEventListener('change', () => {
    if (radio.checked) {
      showMode(radio.value as MessageMode);
      scheduleRender();
    }
  });
}
showMode(mode);

// A link pasted into this tab changes only the fragment: the page does not load again, so the draft is read here.
window.addEventListener('hashchange', () => {
  const linked = draftFromFragment(location.hash);
  if (linked === undefined) return;
  if (!linked.ok) {
    notice.textContent = `The shared link could not be opened (${linked.reason}).`;
    return;
  }
  for (const name of EDITORS)
    if (linked.draft[name] !== views[name].state.doc.toString()) setText(views[name], linked.draft[name]);
  showMode(linked.draft.mode);
  scheduleRender();
});

byId('share').addEventListener('click', () => {
  const fragment = draftFragment(currentDraft());
  history.replaceState(null, '', fragment);
  const link = byId<HTMLInputElement>('share-link');
  link.value = location.href;
  link.hidden = false;
  link.select();
  navigator.clipboard?.writeText(location.href).then(
    () => {
      notice.textContent = 'The link is copied: it holds the message and the sample data, never your key.';
    },
    () => {
      notice.textContent = 'Copy the link above: it holds the message and the sample data, never your key.';
    },
  );
});

/** The message as the preview API takes it, with the sample's event attributes. */
function messageToSend(): MessageToSend {
  const draft = currentDraft();
  const message = readMessage(draft);
  if (!message.ok) return { ok: false, reason: 'The payload has problems: fix the marks in it first.' };
  const sample = readSampleData(draft.sampleData);
  if (!sample.ok) return { ok: false, reason: 'The sample data has problems: fix the marks in it first.' };
  return { ok: true, payload: message.payload, eventAttributes: { ...sample.data.input.eventAttributes } };
}

wireStoredUserForm(
  byId<HTMLFormElement>('stored-user'),
  byId('stored-answer'),
  messageToSend,
  sessionStorage,
);
supervisor.render(currentDraft());
