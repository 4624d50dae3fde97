/** The preview panel: each template's text, "not sent" with its reason, or its error; warnings below. */
import type { FieldOutcome, RenderOutcome } from '../render/render-protocol';
import { element } from './dom';

function fieldView(field: FieldOutcome): HTMLElement {
  const heading = element('h3', {}, field.label);
  switch (field.status) {
    case 'sent':
      return element(
        'article',
        { class: 'field sent', 'data-field': field.label },
        heading,
        element('pre', { class: 'text' }, field.text),
      );
    case 'not_sent':
      return element(
        'article',
        { class: 'field not-sent', 'data-field': field.label },
        heading,
        element('p', { class: 'reason' }, `Not sent: ${field.reason}`),
      );
    case 'error':
      return element(
        'article',
        { class: 'field failed', 'data-field': field.label },
        heading,
        element('pre', { class: 'error' }, field.description),
      );
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
