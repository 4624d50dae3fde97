import { encodeValue } from '@personalize/compression';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Draft, STARTER_DRAFT } from '../src/draft/draft';
import { draftFragment, draftFromFragment } from '../src/share/share-link';

const anyDraft: fc.Arbitrary<Draft> = fc.record({
  mode: fc.constantFrom('fields' as const, 'payload' as const),
  subject: fc.string({ unit: 'binary-ascii' }),
  body: fc.string({ unit: 'grapheme' }),
  payload: fc.json(),
  sampleData: fc.json(),
});

/** A fragment holding `text` as the compressed draft. */
const fragmentOf = (text: string) => `#draft=${encodeValue(text)}`;

describe('share links', () => {
  it('restore any draft exactly', () => {
    fc.assert(
      fc.property(anyDraft, (draft) => {
        expect(draftFromFragment(draftFragment(draft))).toEqual({ ok: true, draft });
      }),
    );
  });

  it('use only characters a URL fragment keeps as they are', () => {
    fc.assert(
      fc.property(anyDraft, (draft) => {
        expect(draftFragment(draft)).toMatch(/^#draft=[A-Za-z0-9_-]+$/);
      }),
    );
  });

  it('compress: the starter draft fits in a short link', () => {
    const text = JSON.stringify(STARTER_DRAFT);
    expect(draftFragment(STARTER_DRAFT).length).toBeLessThan(text.length);
  });

  it('leave a fragment that holds no draft alone', () => {
    expect(draftFromFragment('')).toBeUndefined();
    expect(draftFromFragment('#section-2')).toBeUndefined();
  });

  it('say why a damaged link cannot be read, whatever it holds, and never throw', () => {
    fc.assert(
      fc.property(fc.string(), (junk) => {
        const shared = draftFromFragment(`#draft=${junk}`);
        expect(shared?.ok === false ? shared.reason : 'read').toMatch(/^(the link|read$)/);
      }),
    );
    expect(draftFromFragment('#draft=abc$')).toEqual({
      ok: false,
      reason: expect.stringMatching(/^the link is damaged: /),
    });
    const cut = draftFragment(STARTER_DRAFT).slice(0, -12);
    expect(draftFromFragment(cut)).toEqual({
      ok: false,
      reason: expect.stringMatching(/^the link is damaged: /),
    });
  });

  it('say why a link that is not a draft cannot be used', () => {
    expect(draftFromFragment(fragmentOf('not json'))).toEqual({
      ok: false,
      reason: 'the link holds no draft: its text is not JSON',
    });
    expect(draftFromFragment(fragmentOf('[1]'))).toEqual({
      ok: false,
      reason: 'the link holds no draft: it is not a JSON object',
    });
    expect(draftFromFragment(fragmentOf(JSON.stringify({ ...STARTER_DRAFT, mode: 'html' })))).toEqual({
      ok: false,
      reason: 'the link holds no draft: its mode is neither "fields" nor "payload"',
    });
    expect(draftFromFragment(fragmentOf(JSON.stringify({ ...STARTER_DRAFT, body: 3 })))).toEqual({
      ok: false,
      reason: 'the link holds no draft: its body is not text',
    });
  });

  it('do not inflate a link past 1 MiB', () => {
    const bomb = fragmentOf('x'.repeat(2 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(10_000);
    expect(draftFromFragment(bomb)).toEqual({
      ok: false,
      reason: expect.stringMatching(/^the link is damaged: /),
    });
  });
});
