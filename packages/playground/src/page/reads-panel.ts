/** The panel of what the message reads, each name marked present in the sample data or missing. */
import type { ObjectRead } from '../reads/template-reads';
import { element } from './dom';

function namesView(read: ObjectRead): HTMLElement {
  if (read.names === 'all') {
    return element(
      'p',
      { class: 'all' },
      `all of it (used whole or by a computed name); the sample has ${read.sampleCount}`,
    );
  }
  return element(
    'ul',
    {},
    ...read.names.map(({ name, present }) =>
      element(
        'li',
        { class: present ? 'present' : 'missing', 'data-name': name },
        element('span', { class: 'mark', 'aria-hidden': 'true' }, present ? '✓' : '✗'),
        ` ${name} `,
        element(
          'span',
          { class: 'state' },
          present ? '(in the sample data)' : '(missing from the sample data)',
        ),
      ),
    ),
  );
}

/** Shows the reads in `panel`, one group per data object read. */
export function showReads(panel: HTMLElement, reads: readonly ObjectRead[]): void {
  if (reads.length === 0) {
    panel.replaceChildren(element('p', { class: 'none' }, 'No personalization data.'));
    return;
  }
  panel.replaceChildren(
    ...reads.map((read) =>
      element(
        'section',
        { class: 'object', 'data-object': read.object },
        element('h3', {}, read.object),
        namesView(read),
      ),
    ),
  );
}
