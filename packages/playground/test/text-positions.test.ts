import { parseAll } from '@personalize/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Draft, STARTER_DRAFT } from '../src/draft/draft';
import { type MessageTemplate, readMessage } from '../src/message/message-templates';
import { literalOffset, offsetAt, tokenAt } from '../src/message/text-positions';

/** Text with line breaks of every kind, astral characters, quotes and backslashes; no template delimiters. */
const plainText = fc.string({
  unit: fc.constantFrom('a', 'é', '😀', ' ', '\n', '\r\n', '\r', '"', '\\', '\t', 'ß', '\u2028'),
  maxLength: 40,
});

describe('offsetAt', () => {
  it('finds a line and column (columns in code points) after any kind of line break', () => {
    expect(offsetAt('ab\ncd', 2, 2)).toBe(4);
    expect(offsetAt('ab\r\ncd', 2, 2)).toBe(5);
    expect(offsetAt('ab\rcd', 2, 1)).toBe(3);
    expect(offsetAt('😀x', 1, 2)).toBe(2);
  });

  it('stops at the end of the line and of the text', () => {
    expect(offsetAt('ab\ncd', 1, 9)).toBe(2);
    expect(offsetAt('ab', 5, 1)).toBe(2);
  });
});

describe('tokenAt', () => {
  it('spans a word, a delimiter or one character, never past the line', () => {
    expect(tokenAt('{{ name }}', 3)).toEqual({ from: 3, to: 7 });
    expect(tokenAt('{{ name }}', 8)).toEqual({ from: 8, to: 10 });
    expect(tokenAt('a + 😀', 4)).toEqual({ from: 4, to: 6 });
    expect(tokenAt('ab\ncd', 2)).toEqual({ from: 2, to: 2 });
  });
});

describe('literalOffset', () => {
  it('counts an escape as one decoded character', () => {
    expect(literalOffset('"a\\nb"', 2)).toBe(4);
    expect(literalOffset('"\\u00e9x"', 1)).toBe(7);
    expect(literalOffset('"ab"', 2)).toBe(3);
  });

  it('maps every index of any string to the raw text that decodes to the same prefix', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.nat(), (text, pick) => {
        const index = pick % (text.length + 1);
        const literal = JSON.stringify(text);
        const raw = literalOffset(literal, index);
        expect(JSON.parse(`${literal.slice(0, raw)}"`)).toBe(text.slice(0, index));
      }),
    );
  });
});

function templatesOf(draft: Draft): readonly MessageTemplate[] {
  const message = readMessage(draft);
  if (!message.ok) throw new Error(`the message should read: ${message.problems[0]?.message}`);
  return message.templates;
}

describe('the place of an engine error in its editor', () => {
  // `{{ name }` fails at its last `}`: whatever comes before, the mark must cover exactly that character.
  const broken = (prefix: string) => `${prefix}{{ name }`;

  it('in the body editor, is the token the engine names', () => {
    fc.assert(
      fc.property(plainText, (prefix) => {
        const source = broken(prefix);
        const [error] = parseAll(source).errors;
        const body = templatesOf({ ...STARTER_DRAFT, body: source })[1];
        const { from, to } = body.place(error.line ?? 0, error.column ?? 0);
        expect(source.slice(from, to)).toBe('}');
      }),
    );
  });

  it('in a JSON payload, is the same token inside the string literal, escapes and all', () => {
    fc.assert(
      fc.property(plainText, fc.string({ maxLength: 8 }), (prefix, key) => {
        const source = broken(prefix);
        const payload = JSON.stringify({ before: 'x', [key || 'k']: source }, null, 2);
        const template = templatesOf({ ...STARTER_DRAFT, mode: 'payload', payload }).find(
          (t) => t.source === source,
        );
        const [error] = parseAll(source).errors;
        const { from, to } = template?.place(error.line ?? 0, error.column ?? 0) ?? { from: 0, to: 0 };
        expect(payload.slice(from, to)).toBe('}');
      }),
    );
  });
});
