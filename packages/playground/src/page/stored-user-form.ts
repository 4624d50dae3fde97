/** The "Preview as a stored user" form: the details it keeps for the tab, the call, and the answer shown. */
import {
  loadDetails,
  PREVIEW_PATH,
  type PreviewAnswer,
  previewRequest,
  readAnswer,
  type StoredUserDetails,
  saveDetails,
} from '../stored-user/stored-user-preview';
import { element } from './dom';
import { fieldCard } from './preview-panel';

/** What is sent besides the details: the message and the sample's event attributes, or why it cannot be sent. */
export type MessageToSend =
  | {
      readonly ok: true;
      readonly payload: Record<string, unknown>;
      readonly eventAttributes: Record<string, unknown>;
    }
  | { readonly ok: false; readonly reason: string };

const FIELDS = ['workspaceId', 'apiKey', 'identifier', 'userId', 'channel', 'eventName'] as const;

function answerView(answer: PreviewAnswer): HTMLElement[] {
  const views: HTMLElement[] = [element('p', { class: 'status' }, `HTTP ${answer.status}`)];
  if (answer.payload !== undefined) {
    for (const [key, value] of Object.entries(answer.payload)) {
      const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
      views.push(fieldCard(key, 'sent', element('pre', { class: 'text' }, text)));
    }
  }
  if (answer.error !== undefined) {
    views.push(
      element(
        'ul',
        { class: 'error-items', 'aria-label': answer.error.message || 'Errors' },
        ...answer.error.items.map((item) =>
          element(
            'li',
            { 'data-target': item.target ?? '' },
            ...(item.target === undefined ? [] : [element('code', {}, item.target), ': ']),
            item.message,
          ),
        ),
      ),
    );
  }
  if (answer.bodyText !== '')
    views.push(element('pre', { class: 'body', 'aria-label': 'Answer body' }, answer.bodyText));
  return views;
}

/**
 * Wires the form: its fields start from this tab's session and are saved there on every change; submitting
 * sends the message to the preview API and shows the answer in `output`.
 */
export function wireStoredUserForm(
  form: HTMLFormElement,
  output: HTMLElement,
  message: () => MessageToSend,
  storage: Storage,
): void {
  const saved = loadDetails(storage);
  const field = (name: (typeof FIELDS)[number]) =>
    form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement;
  for (const name of FIELDS) field(name).value = saved[name];
  const value = (name: (typeof FIELDS)[number]) => field(name).value.trim();
  const details = (): StoredUserDetails => ({
    workspaceId: value('workspaceId'),
    apiKey: value('apiKey'),
    identifier: value('identifier'),
    userId: value('userId'),
    channel: value('channel'),
    eventName: value('eventName'),
  });
  form.addEventListener('input', () => saveDetails(storage, details()));

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const toSend = message();
    if (!toSend.ok) {
      output.replaceChildren(element('p', { class: 'not-rendered' }, toSend.reason));
      return;
    }
    const button = form.querySelector('button[type="submit"]') as HTMLButtonElement;
    button.disabled = true;
    output.setAttribute('aria-busy', 'true');
    const request = previewRequest(details(), toSend.payload, toSend.eventAttributes);
    // The API of the server that serves the page (a site of its own has none: the error says so).
    fetch(PREVIEW_PATH, request)
      .then(readAnswer)
      .then(
        (answer) => output.replaceChildren(...answerView(answer)),
        (error: unknown) =>
          output.replaceChildren(
            element(
              'p',
              { class: 'not-rendered' },
              `The preview API could not be reached: ${error instanceof Error ? error.message : String(error)}`,
            ),
          ),
      )
      .finally(() => {
        button.disabled = false;
        output.removeAttribute('aria-busy');
      });
  });
}
