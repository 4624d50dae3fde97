/**
 * Templates that render often get code of their own (src/compiler/code-copies.ts). The copy of the compiler is a
 * file of the build, so most of these tests load the built engine; test/conformance/own-code.test.ts renders
 * every conformance case both ways.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { copiesForHeap } from '../src/compiler/code-copies';
import { COPY_LINKS } from '../src/compiler/copy-links';
import { codeCopyStatus, compile, configureCodeCopies } from '../src/index';

const DIST = new URL('../dist/index.js', import.meta.url);
type Core = typeof import('../src/index');

describe('code copies, from the sources (no copy file beside them)', () => {
  it('are said to be unavailable, with the reason', () => {
    const status = codeCopyStatus();
    expect(status.available).toBe(false);
    expect(status.reason).toMatch(/compiler-copy\.cjs could not be read beside the engine/);
  });

  it('leave a template on the shared code however often it renders', () => {
    const template = compile('{{ n * 2 }}', { cache: false });
    for (let i = 0; i < 200; i++) expect(template.render({ n: i })).toBe(String(i * 2));
    expect(template.ownCode).toBe(false);
  });

  it('take settings that are whole numbers of at least 0, and say which are in force', () => {
    const before = configureCodeCopies();
    expect(before).toEqual({ copies: copiesForHeap(getHeapStatistics().heap_size_limit), afterRenders: 100 });
    expect(() => configureCodeCopies({ copies: -1 })).toThrow(
      'copies must be a whole number of at least 0, not -1',
    );
    expect(() => configureCodeCopies({ afterRenders: 1.5 })).toThrow(/afterRenders must be a whole number/);
    expect(configureCodeCopies({ afterRenders: 5 })).toEqual({ copies: before.copies, afterRenders: 5 });
    expect(configureCodeCopies(before)).toEqual(before);
  });

  it('default to one copy per 16 MB of the heap V8 may grow to, from 32 to 256', () => {
    const MB = 2 ** 20;
    expect([256, 1024, 2048, 4144, 8192, 65536].map((mb) => copiesForHeap(mb * MB))).toEqual([
      32, 64, 128, 256, 256, 256,
    ]);
    expect(configureCodeCopies().copies).toBe(copiesForHeap(getHeapStatistics().heap_size_limit));
  });
});

describe.runIf(existsSync(DIST))('code copies, in the built engine', async () => {
  const core = (await import(DIST.href)) as Core;

  it('the copy asks only for modules the link table lists', () => {
    const copy = readFileSync(new URL('../dist/compiler-copy.cjs', import.meta.url), 'utf8');
    const asked = [...copy.matchAll(/require\("personalize-shared:([^"]+)"\)/g)].map((match) => match[1]);
    expect(asked.length).toBeGreaterThan(5);
    expect(asked.filter((name) => !(name in COPY_LINKS))).toEqual([]);
    // and only those: a module the copy holds itself needs no link (the table keeps its exports in every bundle).
    expect(Object.keys(COPY_LINKS).filter((name) => !asked.includes(name))).toEqual([]);
  });

  /** Runs `body` with these settings, then puts the earlier ones back. */
  function withSettings(settings: Parameters<Core['configureCodeCopies']>[0], body: () => void): void {
    const before = core.configureCodeCopies();
    core.configureCodeCopies(settings);
    try {
      body();
    } finally {
      core.configureCodeCopies(before);
    }
  }

  it('a template gets code of its own at the render after `afterRenders`, and prints the same', () => {
    withSettings({ afterRenders: 3 }, () => {
      const template = core.compile('{% for i in items %}{{ loop.index }}.{{ i.name|title }} {% endfor %}', {
        cache: false,
      });
      const data = { items: [{ name: 'ada' }, { name: 'grace hopper' }] };
      const seen: boolean[] = [];
      for (let i = 0; i < 5; i++) {
        expect(template.render(data)).toBe('1.Ada 2.Grace Hopper ');
        seen.push(template.ownCode);
      }
      expect(seen).toEqual([false, false, false, true, true]);
    });
  });

  it("a loop read through another name in a nested loop (each loop's code its own) prints Jinja2's text", () => {
    withSettings({ afterRenders: 1 }, () => {
      const template = core.compile(
        "{% for o in lists %}{% set outer = loop %}{% for i in o %}{{ outer.index }}{{ outer.index0 }}{{ outer.revindex }}{{ outer.revindex0 }}{{ outer.first }}{{ outer.last }}{{ outer.length }}{{ outer.depth }}{{ outer.previtem }}{{ outer.nextitem }}/{{ loop.index }}{{ '*' if outer.first and loop.first }};{% endfor %}{% endfor %}",
        { cache: false },
      );
      // Jinja2 3.1's text.
      const expected = '1021TrueFalse21[3]/1*;1021TrueFalse21[3]/2;2110FalseTrue21[1, 2]/1;';
      for (let i = 0; i < 4; i++) expect(template.render({ lists: [[1, 2], [3]] })).toBe(expected);
      expect(template.ownCode).toBe(true);
    });
  });

  it('chains and filters that read each item, each site after the first with another copy, print as the shared code does', () => {
    // More sites than a template takes copies, of chains and of filters reading an attribute, in and out of loops.
    const sites = [
      '{{ items|selectattr("n", "ge", 2)|list|length }}',
      '{{ items|map(attribute="n")|sum }}',
      '{{ items|sum(attribute="n") }}',
      '{{ items|max(attribute="n") }}',
      '{{ items|min(attribute="name") }}',
      '{{ items|sort(attribute="name")|map(attribute="n")|join(",") }}',
      '{{ items|groupby("n")|map(attribute="grouper")|join(",") }}',
      '{{ items|join("/", attribute="name") }}',
      '{{ items|unique(attribute="n")|list|length }}',
      '{{ items|rejectattr("n", "odd")|first }}',
      '{% for i in items|selectattr("n") %}{{ i.name }}{% endfor %}',
      '{% for i in range(2) %}{{ items|sum(attribute="n") }}{{ items|selectattr("n", "lt", 3)|list|length }}{% endfor %}',
    ];
    const source = sites.join('|');
    const data = {
      items: [
        { name: 'b', n: 3 },
        { name: 'a', n: 1 },
        { name: 'c', n: 3 },
        { name: 'd', n: 0 },
      ],
    };
    let shared = '';
    withSettings({ copies: 0 }, () => {
      shared = core.compile(source, { cache: false }).render(data);
    });
    expect(shared.split('|')).toHaveLength(sites.length);
    withSettings({ afterRenders: 1 }, () => {
      const template = core.compile(source, { cache: false });
      for (let i = 0; i < 4; i++) expect(template.render(data)).toBe(shared);
      expect(template.ownCode).toBe(true);
    });
  });

  it('templates of one source share their progress: the cache holds one program for both', () => {
    withSettings({ afterRenders: 2 }, () => {
      const source = '{{ "one source"|upper }}';
      const first = core.compile(source);
      const second = core.compile(source);
      first.render();
      second.render();
      expect([first.ownCode, second.ownCode]).toEqual([false, false]);
      first.render();
      expect([first.ownCode, second.ownCode]).toEqual([true, true]);
    });
  });

  it('with no copies allowed, every template keeps the shared code', () => {
    withSettings({ copies: 0, afterRenders: 0 }, () => {
      const template = core.compile('{{ 1 + 1 }}', { cache: false });
      expect(template.render()).toBe('2');
      expect(template.render()).toBe('2');
      expect(template.ownCode).toBe(false);
    });
  });

  it('past the most copies, templates share the copies in turn', () => {
    withSettings({ copies: 2, afterRenders: 0 }, () => {
      const before = core.codeCopyStatus();
      const templates = ['a', 'b', 'c', 'd', 'e'].map((name) =>
        core.compile(`{{ ${name} }}`, { cache: false }),
      );
      expect(templates.map((t, i) => t.render({ [String.fromCharCode(97 + i)]: i }))).toEqual([
        '0',
        '1',
        '2',
        '3',
        '4',
      ]);
      const after = core.codeCopyStatus();
      expect(after.available).toBe(true);
      expect(after.loaded).toBe(Math.max(before.loaded, 2));
      expect(after.templates - before.templates).toBe(5);
      expect(templates.every((t) => t.ownCode)).toBe(true);
    });
  });

  it('each loop of a hot template is compiled by the next copy, and the template prints the same', () => {
    const source =
      '{% for row in rows %}{% set outer = loop %}{% for c in row %}{{ outer.index }}{{ c }}{% endfor %};{% endfor %}' +
      '{% for x in rows|first %}{{ loop.revindex }}{% endfor %}';
    const data = { rows: [['a', 'b'], ['c']] };
    let shared = '';
    withSettings({ copies: 0 }, () => {
      shared = core.compile(source, { cache: false }).render(data);
    });
    expect(shared).toBe('1a1b;2c;21');
    withSettings({ copies: 128, afterRenders: 0 }, () => {
      const before = core.codeCopyStatus();
      const template = core.compile(source, { cache: false });
      expect(template.render(data)).toBe(shared);
      expect(template.ownCode).toBe(true);
      // One copy for the template and its first loop, one for each of the other two.
      expect(core.codeCopyStatus().loaded - before.loaded).toBe(3);
    });
  });

  it('the loops of one template take at most eight copies besides its own, then those in turn', () => {
    const source = Array.from({ length: 12 }, (_, i) => `{% for x in xs %}{{ x }}${i}{% endfor %}`).join('');
    const data = { xs: ['a', 'b'] };
    let shared = '';
    withSettings({ copies: 0 }, () => {
      shared = core.compile(source, { cache: false }).render(data);
    });
    withSettings({ copies: 128, afterRenders: 0 }, () => {
      const before = core.codeCopyStatus();
      const template = core.compile(source, { cache: false });
      expect(template.render(data)).toBe(shared);
      expect(template.ownCode).toBe(true);
      expect(core.codeCopyStatus().loaded - before.loaded).toBe(9);
    });
  });

  it('the filters of its own (text, number, HTML and dict filters are copied with it) print what the shared ones do', () => {
    const source = [
      '{{ s|title }}|{{ s|upper }}|{{ s|capitalize }}|{{ s|truncate(9) }}|{{ s|center(24) }}|{{ s|wordwrap(7) }}',
      "{{ '%.2f'|format(n) }}|{{ '{:>9,.1f}'.format(n) }}|{{ n|round(1) }}|{{ n|int }}|{{ n|filesizeformat }}",
      "{{ s|urlencode }}|{{ h|e }}|{{ h|striptags }}|{{ d|tojson }}|{{ d|xmlattr }}|{{ d|dictsort }}|{{ x|default('-') }}",
      "{{ m|e }}|{{ m ~ s }}|{{ s|replace('a', 'á')|title }}|{{ s|wordcount }}|{{ (n * 3)|abs }}|{{ d|items|list }}",
      "{{ l|sum }}|{{ l|sort|join(',') }}|{{ l|max }}|{{ l|unique|list }}|{{ l|batch(2)|list }}|{{ l|first is even }}",
      "{% for x in l %}{{ x is divisibleby 2 }}{{ x is number }}{{ x is in l }}{% endfor %}|{{ l|map('string')|list }}",
    ].join('\n');
    const data = {
      s: 'road-running shoes at 20% off',
      n: -1234.567,
      h: '<p class="x">Tom & <b>Jerry</b></p>',
      d: { b: 2, a: 'x"y', c: null },
      m: new core.Markup('<i>ok</i>'),
      l: [3, 1, 4, 1, 5.5],
    };
    let shared = '';
    withSettings({ copies: 0 }, () => {
      shared = core.compile(source, { cache: false }).render(data);
    });
    withSettings({ afterRenders: 0 }, () => {
      const own = core.compile(source, { cache: false });
      for (let i = 0; i < 3; i++) expect(own.render(data)).toBe(shared);
      expect(own.ownCode).toBe(true);
    });
    expect(shared).toContain('Road-Running Shoes At 20% Off');
  });

  it('the operators and methods of its own print what the shared ones do, and see lists its loops change', () => {
    const source = [
      "{{ s.strip().split(' ')[1] }}|{{ s.replace('o', '0').upper() }}|{{ s[3:9] }}|{{ s.startswith('road') }}",
      "{{ n // 7 }}|{{ n % 7 }}|{{ n ** 2 }}|{{ -n }}|{{ n == -1234.567 }}|{{ 'x' ~ n }}|{{ '%s=%d'|format('a', 3) }}",
      "{{ l|length }}|{{ l.index(4) }}|{{ l.count(1) }}|{{ d.get('b') }}|{{ d.keys()|list }}|{{ 'a' in d }}",
      // The first loop runs on the template's copy, the second on the next: the list the second changes is seen
      // changed where the first searched it before.
      "{% for i in range(3) %}{{ 7 in l }}{% endfor %}{% for i in range(1) %}{{ l.append(7) or '' }}{% endfor %}{{ 7 in l }}",
    ].join('\n');
    const data = () => ({
      s: ' road running shoes ',
      n: -1234.567,
      l: [3, 1, 4, 1, 5.5, 9, 2, 6],
      d: { b: 2, a: 'x' },
    });
    let shared = '';
    withSettings({ copies: 0 }, () => {
      shared = core.compile(source, { cache: false }).render(data());
    });
    withSettings({ afterRenders: 0 }, () => {
      const own = core.compile(source, { cache: false });
      for (let i = 0; i < 3; i++) expect(own.render(data())).toBe(shared);
      expect(own.ownCode).toBe(true);
    });
    expect(shared.endsWith('FalseFalseFalseTrue')).toBe(true);
  });

  it('code of its own shares the classes of the engine: Markup in, errors out', () => {
    withSettings({ afterRenders: 0 }, () => {
      const escaped = core.compile('{{ m|e }} {{ s|e }}', { cache: false });
      expect(escaped.render({ m: new core.Markup('<b>'), s: '<b>' })).toBe('<b> &lt;b&gt;');
      expect(escaped.ownCode).toBe(true);

      const failing = core.compile('{{ 1 // 0 }}', { cache: false });
      expect(() => failing.render()).toThrow(core.TemplateRuntimeError);
      expect(failing.ownCode).toBe(true);

      const long = core.compile('{% for i in range(100) %}xxxxxxxxxx{% endfor %}', {
        cache: false,
        limits: { maxOutputSize: 50 },
      });
      expect(() => long.render()).toThrow(core.LimitError);
      expect(long.ownCode).toBe(true);
    });
  });
});

describe.runIf(existsSync(DIST))('code copies in a process of a smaller heap', () => {
  it('are fewer by default', () => {
    const script = `
      const core = await import(${JSON.stringify(DIST.href)});
      const { getHeapStatistics } = await import('node:v8');
      console.log(JSON.stringify([core.configureCodeCopies().copies, getHeapStatistics().heap_size_limit]));
    `;
    const [copies, limit] = JSON.parse(
      execFileSync(process.execPath, ['--max-old-space-size=1024', '--input-type=module', '-e', script], {
        encoding: 'utf8',
      }),
    ) as [number, number];
    expect(copies).toBe(copiesForHeap(limit));
    expect(copies).toBeLessThan(copiesForHeap(getHeapStatistics().heap_size_limit));
  });
});

describe.runIf(existsSync(DIST))('code copies where the platform refuses node:vm', () => {
  it('leave templates on the shared code, say why, and never fail a render', () => {
    // As on a runtime whose getBuiltinModule throws for modules it does not have.
    const script = `
      const get = process.getBuiltinModule;
      process.getBuiltinModule = (id) => { if (id === 'node:vm') throw new Error('No such module: ' + id); return get(id); };
      const core = await import(${JSON.stringify(DIST.href)});
      core.configureCodeCopies({ afterRenders: 0 });
      const template = core.compile('{{ n + 1 }}');
      const texts = [template.render({ n: 1 }), template.render({ n: 2 })];
      console.log(JSON.stringify({ texts, own: template.ownCode, status: core.codeCopyStatus() }));
    `;
    const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(JSON.parse(stdout)).toEqual({
      texts: ['2', '3'],
      own: false,
      status: { available: false, reason: 'the platform has no node:vm', loaded: 0, templates: 0 },
    });
  });
});
