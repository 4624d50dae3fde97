import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ContentBlockError,
  createRenderer,
  LimitError,
  NotFoundError,
  TemplateSyntaxError,
} from '../src/index';
import { later, rejectionOf, rendererFor, textOf, USER_1 } from './helpers/personalization';

const users = [{ id: 'u-1', attributes: { 'First Name': 'jane', City: 'Berlin' } }];

/** A block and two others that include each other. */
const WITH_A_CYCLE = {
  header: 'Welcome',
  loop_a: '{{ ContentBlock.loop_b }}',
  loop_b: '{{ ContentBlock.loop_a }}',
};

describe('ContentBlock', () => {
  it('a block is a template rendered with the same user and event data', async () => {
    const renderer = rendererFor({
      users,
      contentBlocks: {
        footer: "Thanks, {{ UserAttribute['First Name']|title }} ({{ EventAttribute.Order }})",
      },
    });
    const input = { user: USER_1, eventAttributes: { Order: 'A-1' } };
    expect(await textOf(renderer, "Hi.\n{{ ContentBlock['footer'] }}", input)).toBe(
      'Hi.\nThanks, Jane (A-1)',
    );
  });

  it('blocks nest: a block reads the blocks it names, each rendered with the same data', async () => {
    const renderer = rendererFor({
      users,
      contentBlocks: {
        footer: '{{ ContentBlock.greeting }} | {{ ContentBlock.legal }}',
        greeting: "Bye {{ UserAttribute['First Name'] }}",
        legal: '(c) {{ UserAttribute.City }} {{ ContentBlock.year }}',
        year: '2025',
      },
    });
    expect(await textOf(renderer, '{{ ContentBlock.footer }}', { user: USER_1 })).toBe(
      'Bye jane | (c) Berlin 2025',
    );
  });

  it('a block read by a computed name is found among all blocks', async () => {
    const renderer = rendererFor({ contentBlocks: { a: 'A', b: 'B' } });
    expect(await textOf(renderer, "{% for n in ['b', 'a'] %}{{ ContentBlock[n] }}{% endfor %}")).toBe('BA');
  });

  it('a computed name renders only the blocks the template reads: a cycle elsewhere does not fail it', async () => {
    const renderer = rendererFor({ contentBlocks: { ...WITH_A_CYCLE, broken: '{{ 1 // 0 }}' } });
    expect(await textOf(renderer, '{{ ContentBlock[name] }}', { userAttributes: {} })).toBe('');
    const input = { eventAttributes: { name: 'header' } };
    expect(await textOf(renderer, '{{ ContentBlock[EventAttribute.name] }}', input)).toBe('Welcome');
    expect(await textOf(renderer, "{{ ContentBlock['header'] }}")).toBe('Welcome');
  });

  it('a computed name that reaches a cycle fails with the chain, placed at the read', async () => {
    const renderer = rendererFor({ contentBlocks: WITH_A_CYCLE });
    const error = await rejectionOf(
      renderer.render("{% set n = 'loop_a' %}\n{{ ContentBlock[n] }}", { eventAttributes: {} }),
    );
    expect(error).toBeInstanceOf(ContentBlockError);
    expect(error.message).toBe('content blocks include each other in a cycle: loop_a -> loop_b -> loop_a');
    expect((error as ContentBlockError).line).toBe(2);
  });

  it('a content block cycle names the chain', async () => {
    const renderer = rendererFor({
      contentBlocks: { footer: 'F {{ ContentBlock.legal }}', legal: "L {{ ContentBlock['footer'] }}" },
    });
    const error = await rejectionOf(renderer.render('{{ ContentBlock.footer }}'));
    expect(error).toBeInstanceOf(ContentBlockError);
    expect(error.message).toBe('content blocks include each other in a cycle: footer -> legal -> footer');
    expect((error as ContentBlockError).chain).toEqual(['footer', 'legal', 'footer']);
  });

  it('a block that includes itself is a cycle of one', async () => {
    const renderer = rendererFor({ contentBlocks: { me: 'x{{ ContentBlock.me }}' } });
    const error = await rejectionOf(renderer.render('{{ ContentBlock.me }}'));
    expect(error.message).toBe('content blocks include each other in a cycle: me -> me');
  });

  it('nesting deeper than the limit is an error naming the chain; nesting up to it is fine', async () => {
    const contentBlocks = {
      a: 'a{{ ContentBlock.b }}',
      b: 'b{{ ContentBlock.c }}',
      c: 'c{{ ContentBlock.d }}',
      d: 'd',
    };
    const renderer = rendererFor({ contentBlocks }, { limits: { maxContentBlockDepth: 3 } });
    expect(await textOf(renderer, '{{ ContentBlock.b }}')).toBe('bcd');
    const error = await rejectionOf(renderer.render('{{ ContentBlock.a }}'));
    expect(error).toBeInstanceOf(LimitError);
    expect((error as LimitError).limit).toBe('maxContentBlockDepth');
    expect(error.message).toBe('content blocks nest deeper than 3: a -> b -> c -> d');
  });

  it('the default depth limit is 10', async () => {
    const contentBlocks: Record<string, string> = {};
    for (let i = 0; i < 12; i++) contentBlocks[`b${i}`] = `{{ ContentBlock.b${i + 1} }}`;
    contentBlocks.b12 = 'end';
    const renderer = rendererFor({ contentBlocks });
    expect(await textOf(renderer, '{{ ContentBlock.b3 }}')).toBe('end');
    const error = await rejectionOf(renderer.render('{{ ContentBlock.b2 }}'));
    expect(error.message).toMatch(/^content blocks nest deeper than 10: b2 -> b3 -> .* -> b12$/);
  });

  it('a block already rendered higher up still counts its depth where it is reused deeper', async () => {
    const contentBlocks = {
      x: 'x{{ ContentBlock.y }}',
      y: 'y',
      a: 'a{{ ContentBlock.b }}',
      b: 'b{{ ContentBlock.x }}',
    };
    const renderer = rendererFor({ contentBlocks }, { limits: { maxContentBlockDepth: 3 } });
    const error = await rejectionOf(renderer.render('{{ ContentBlock.x }}{{ ContentBlock.a }}'));
    expect(error.message).toBe('content blocks nest deeper than 3: a -> b -> x -> y');
  });

  it("unknown blocks are one error listing them, in the service's words, placed at the first", async () => {
    const renderer = rendererFor({ contentBlocks: { footer: 'f' } });
    const error = await rejectionOf(
      renderer.render("{{ ContentBlock.footer }}\n  {{ ContentBlock['nope'] }}{{ ContentBlock.gone }}"),
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe("Content Blocks ['nope', 'gone'] not found");
    expect((error as NotFoundError).names).toEqual(['nope', 'gone']);
    expect([(error as NotFoundError).line, (error as NotFoundError).column]).toEqual([2, 6]);
  });

  it('an unknown block named inside a block is not found either', async () => {
    const renderer = rendererFor({ contentBlocks: { footer: '{{ ContentBlock.legal }}' } });
    const error = await rejectionOf(renderer.render('{{ ContentBlock.footer }}'));
    expect(error.message).toBe("Content Blocks ['legal'] not found");
  });

  it('a content block may not use ContentApi or ProductSet: the error names the block and its chain', async () => {
    const renderer = rendererFor({
      contentBlocks: {
        footer: '{{ ContentBlock.promo }}',
        promo: '{% for p in ProductSet.top %}{{ p }}{% endfor %}{{ ContentApi.weather().temp }}',
      },
      productSets: { top: [] },
    });
    const error = await rejectionOf(renderer.render('{{ ContentBlock.footer }}'));
    expect(error).toBeInstanceOf(ContentBlockError);
    expect(error.message).toBe(
      "content block 'promo' uses ProductSet and ContentApi: inside a content block only UserAttribute, " +
        'EventAttribute and ContentBlock may be used',
    );
    expect((error as ContentBlockError).chain).toEqual(['footer', 'promo']);
  });

  it('a block that reads blocks by a computed name is an error naming it', async () => {
    const renderer = rendererFor({ contentBlocks: { menu: "{{ ContentBlock['a' ~ 'b'] }}", ab: 'x' } });
    const error = await rejectionOf(renderer.render('{{ ContentBlock.menu }}'));
    expect(error).toBeInstanceOf(ContentBlockError);
    expect(error.message).toMatch(/^content block 'menu' reads content blocks by a computed name/);
  });

  it("a block that does not compile is an error naming the block, with the block's own line and column", async () => {
    const renderer = rendererFor({ contentBlocks: { footer: 'ok\n{{ x }' } });
    const error = await rejectionOf(renderer.render('{{ ContentBlock.footer }}'));
    expect(error).toBeInstanceOf(ContentBlockError);
    expect(error.message).toMatch(/^content block 'footer' does not compile: line 2, column \d+: /);
    expect((error as ContentBlockError).cause).toBeInstanceOf(TemplateSyntaxError);
  });

  it('a block whose render fails is an error naming the block', async () => {
    const renderer = rendererFor({ contentBlocks: { footer: '{{ 1 // 0 }}' } });
    const error = await rejectionOf(renderer.render('{{ ContentBlock.footer }}'));
    expect(error.message).toMatch(
      /^content block 'footer' failed: line 1, column \d+: integer division or modulo by zero/,
    );
  });

  it('MOE_NOT_SEND inside a block stops the whole message', async () => {
    const renderer = rendererFor({ contentBlocks: { gate: '{% MOE_NOT_SEND("blocked") %}' } });
    expect(await renderer.render('a {{ ContentBlock.gate }} b')).toEqual({
      status: 'not_sent',
      reason: 'blocked',
      warnings: [],
    });
  });

  it('a block whose store fails renders empty, with a warning', async () => {
    const renderer = createRenderer({
      resolvers: {
        contentBlocks: {
          contentBlock: (name) => (name === 'ok' ? 'fine' : Promise.reject(new Error('connection reset'))),
          contentBlockNames: () => [],
        },
      },
    });
    expect(await renderer.render('[{{ ContentBlock.ok }}|{{ ContentBlock.flaky }}]')).toEqual({
      status: 'sent',
      text: '[fine|]',
      warnings: [
        {
          source: 'content_block',
          name: 'flaky',
          message: "Content block 'flaky' could not be loaded: connection reset",
        },
      ],
    });
  });

  it('a block whose text changed in the store renders its new text: blocks are cached by content, not name', async () => {
    const store: Record<string, string> = { footer: 'v1' };
    const renderer = createRenderer({
      resolvers: {
        contentBlocks: { contentBlock: (name) => store[name], contentBlockNames: () => Object.keys(store) },
      },
    });
    expect(await textOf(renderer, '{{ ContentBlock.footer }}')).toBe('v1');
    store.footer = 'v2';
    expect(await textOf(renderer, '{{ ContentBlock.footer }}')).toBe('v2');
  });

  it('each block is fetched once per render, however many times and places name it', async () => {
    const blocks: Record<string, string> = { a: '{{ ContentBlock.c }}', b: '{{ ContentBlock.c }}', c: 'C' };
    const contentBlock = vi.fn((name: string) => later(1, blocks[name]));
    const renderer = createRenderer({
      resolvers: { contentBlocks: { contentBlock, contentBlockNames: () => [] } },
    });
    const source = '{{ ContentBlock.a }}{{ ContentBlock.b }}{{ ContentBlock.a }}{{ ContentBlock.c }}';
    expect(await textOf(renderer, source)).toBe('CCCC');
    expect(contentBlock.mock.calls.map(([name]) => name).sort()).toEqual(['a', 'b', 'c']);
  });

  it('blocks nested in blocks are fetched level by level, each level concurrently', async () => {
    const started: string[] = [];
    const blocks: Record<string, string> = {
      top: '{{ ContentBlock.l1 }}{{ ContentBlock.r1 }}',
      l1: 'l',
      r1: 'r',
    };
    const contentBlock = (name: string) => {
      started.push(name);
      return later(10, blocks[name]);
    };
    vi.useFakeTimers();
    const renderer = createRenderer({
      resolvers: { contentBlocks: { contentBlock, contentBlockNames: () => [] } },
    });
    const pending = renderer.render('{{ ContentBlock.top }}');
    await vi.advanceTimersByTimeAsync(5);
    expect(started).toEqual(['top']);
    await vi.advanceTimersByTimeAsync(5);
    expect(started).toEqual(['top', 'l1', 'r1']);
    await vi.advanceTimersByTimeAsync(10);
    expect(await pending).toMatchObject({ text: 'lr' });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('a block store slower than the render deadline gives an empty block and a warning, on time', async () => {
    vi.useFakeTimers();
    const renderer = createRenderer({
      resolvers: {
        contentBlocks: { contentBlock: () => later(60_000, 'late'), contentBlockNames: () => [] },
      },
      limits: { renderDeadlineMs: 1_000 },
    });
    const pending = renderer.render('[{{ ContentBlock.slow }}]');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await pending).toEqual({
      status: 'sent',
      text: '[]',
      warnings: [
        {
          source: 'content_block',
          name: 'slow',
          message: "Content block 'slow' could not be loaded: the render deadline passed",
        },
      ],
    });
  });
});
