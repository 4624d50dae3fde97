/** The preview panel: each template's text, "not sent" with its reason, or its error; warnings below. */
import type { FieldOutcome, RenderOutcome } from '../render/render-protocol';
import { element } from './dom';

/** One field's card: its label, then what became of it (`sent`, `not-sent` or `failed`). */
export function fieldCard(
  label: string,
  state: 'sent' | 'not-sent' | 'failed',
  content: HTMLElement,
): HTMLElement {
  return element(
    'article',
    { class: `field ${state}`, 'data-field': label },
    element('h3', {}, label),
    content,
  );
}

function fieldView(field: FieldOutcome): HTMLElement {
  switch (field.status) {
    case 'sent':
      return fieldCard(field.label, 'sent', element('pre', { class: 'text' }, field.text));
    case 'not_sent':
      return fieldCard(
        field.label,
        'not-sent',
        element('p', { class: 'reason' }, `Not sent: ${field.reason}`),
      );
    case 'error':
      return fieldCard(field.label, 'failed', element('pre', { class: 'error' }, field.description));
  }
}

/** Shows a render's outcome in `panel`: per field in fields mode; the payload and its failing fields in payload mode. */
export function showOutcome(panel: HTMLElement, outcome: RenderOutcome): void {
  if (outcome.kind === 'not_rendered') {
    panel.replaceChildren(element('p', { class: 'not-rendered' }, outcome.reason));
    return;
  }
  const views: HTMLElement[] = [];
  if (outcome.payload === undefined) views.push(...outcome.fields.map(fieldView));
  else {
    views.push(element('pre', { class: 'payload', 'aria-label': 'Rendered payload' }, outcome.payload));
    views.push(...outcome.fields.filter((field) => field.status !== 'sent').map(fieldView));
  }
  if (outcome.warnings.length > 0) {
    views.push(
      element(
        'ul',
        { class: 'warnings', 'aria-label': 'Warnings' },
        ...outcome.warnings.map((warning) => element('li', {}, warning)),
      ),
    );
  }
  panel.replaceChildren(...views);
}
