/**
 * The message of a draft as templates: the subject and the body, or every string of the JSON payload, each
 * knowing where its lines and columns are in its editor.
 */
import type { Draft, EditorName, EditorProblem } from '../draft/draft';
import { type JsonPath, jsonPathText, readJson, stringsIn } from './json-document';
import { literalOffset, offsetAt, type TextRange, tokenAt } from './text-positions';

/** One template of the message. */
export interface MessageTemplate {
  /** Where it is in the payload. */
  readonly path: JsonPath;
  /** The path as the server's error targets write it (`subject`, `buttons[0].label`). */
  readonly label: string;
  /** The template text. */
  readonly source: string;
  /** The editor it is written in. */
  readonly editor: EditorName;
  /** The stretch of the editor to underline for a line and column of the template (the token there). */
  place(line: number, column: number): TextRange;
}

/** The message, ready to render: the payload and its templates, or the problems of its JSON. */
export type MessageReading =
  | {
      readonly ok: true;
      readonly payload: Record<string, unknown>;
      readonly templates: readonly MessageTemplate[];
    }
  | { readonly ok: false; readonly problems: readonly EditorProblem[] };

function fieldTemplate(editor: 'subject' | 'body', source: string): MessageTemplate {
  return {
    path: [editor],
    label: editor,
    source,
    editor,
    place: (line, column) => tokenAt(source, offsetAt(source, line, column)),
  };
}

/**
 * The message of `draft`: `{subject, body}`, or the JSON payload (an object; every string in it, however
 * deep, is a template).
 */
export function readMessage(draft: Draft): MessageReading {
  if (draft.mode === 'fields') {
    return {
      ok: true,
      payload: { subject: draft.subject, body: draft.body },
      templates: [fieldTemplate('subject', draft.subject), fieldTemplate('body', draft.body)],
    };
  }
  const document = readJson(draft.payload, 'payload');
  if (!document.ok) return document;
  if (document.root.type !== 'object') {
    const { offset, length } = document.root;
    return {
      ok: false,
      problems: [
        {
          editor: 'payload',
          from: offset,
          to: offset + length,
          severity: 'error',
          message: 'the payload must be a JSON object: {"subject": "...", ...}',
        },
      ],
    };
  }
  const templates = stringsIn(document.root).map(({ path, node }): MessageTemplate => {
    const source = node.value as string;
    const literal = draft.payload.slice(node.offset, node.offset + node.length);
    return {
      path,
      label: jsonPathText(path),
      source,
      editor: 'payload',
      place: (line, column) => {
        const token = tokenAt(source, offsetAt(source, line, column));
        return {
          from: node.offset + literalOffset(literal, token.from),
          to: node.offset + literalOffset(literal, token.to),
        };
      },
    };
  });
  // The tree said the text is valid JSON; JSON.parse keeps a key such as `__proto__` an ordinary key.
  return { ok: true, payload: JSON.parse(draft.payload) as Record<string, unknown>, templates };
}
