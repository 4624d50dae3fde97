/** Building the page's elements: text is always set as text, never parsed as HTML. */

/** Attributes of an element, set as given; `class` is the class list. */
type Attributes = Readonly<Record<string, string>>;

/**
 * An element with attributes and children (strings become text nodes).
 *
 * @example
 * element('li', { class: 'missing' }, 'Coupon ', element('span', {}, 'missing'))
 */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** The element with this id; the page's markup has every one the script uses. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`the page has no element #${id}`);
  return found as T;
}
