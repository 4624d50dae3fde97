import { type Case, rows } from '../case';

/**
 * markupsafe's `Markup` (what `|safe`, `|escape` and `|tojson` return): its methods return Markup and escape
 * their text arguments, as markupsafe 2.1 does; `repr` shows which values stayed Markup.
 */
export const cases: Case[] = rows([
  ['split of tojson gives Markup items', '{{ ((d.a)|tojson).split() }}', { d: { a: 0 } }],
  ['split with a separator', "{{ ('a<b'|safe).split('<') }}"],
  [
    'safe and string print each value as it prints',
    "{{ none|safe }} {{ 1.0|safe }} {{ [1, 'a', 2.5]|string }} {{ {'k': none}|safe }} {{ nothing|safe }}|{{ '<b>'|string }}",
  ],
  ['rsplit', "{{ ('a b c'|safe).rsplit(' ', 1) }}"],
  ['splitlines', "{{ ('a\\nb'|safe).splitlines() }} {{ ('a\\nb'|safe).splitlines(true) }}"],
  ['split by keyword', "{{ ('a b c'|safe).split(maxsplit=1) }}"],
  ['upper stays Markup', "{{ [('<b>'|safe).upper()] }}"],
  [
    'the case methods stay Markup',
    "{{ [('aB c'|safe).lower(), ('aB c'|safe).title(), ('aB c'|safe).capitalize(), ('aB c'|safe).swapcase()] }}",
  ],
  [
    'replace escapes its arguments',
    "{{ ('a<b'|safe).replace('<', '&') }}|{{ ('a&lt;b'|safe).replace('<', '&') }}",
  ],
  ['replace with Markup arguments does not escape them', "{{ ('a<b'|safe).replace('<'|safe, '>'|safe) }}"],
  ['strip escapes its characters', "{{ [('<a>'|safe).strip('<>')] }} {{ [('&lt;a'|safe).strip('<')] }}"],
  ['center pads with an escaped fill', "{{ [('a'|safe).center(5, '&')] }}"],
  [
    'ljust, rjust and zfill stay Markup',
    "{{ [('a'|safe).ljust(3), ('a'|safe).rjust(3), ('7'|safe).zfill(3)] }}",
  ],
  ['expandtabs stays Markup', "{{ [('a\\tb'|safe).expandtabs(4)] }}"],
  ['translate stays Markup', "{{ [('abc'|safe).translate({97: 'x'})] }}"],
  ['indexing stays Markup', "{{ [('<ab>'|safe)[1], ('<ab>'|safe)[1:3]] }}"],
  [
    'partition escapes its separator',
    "{{ ('a<b'|safe).partition('<') }} {{ ('a&lt;b'|safe).partition('<') }}",
  ],
  ['rpartition gives Markup', "{{ ('a.b.c'|safe).rpartition('.') }}"],
  ['partition with a number separator', "{{ ('a1b'|safe).partition(1) }}"],
  ['join escapes its items', "{{ (', '|safe).join(['<a>', 'b'|safe, 1]) }}"],
  ['join by keyword', "{{ ('-'|safe).join(seq=['a', 'b']) }}"],
  ['format escapes its arguments', "{{ ('<p>{}</p>'|safe).format('<b>') }}"],
  [
    'format_map escapes its arguments',
    '{{ ("a{x.foo}b{y}"|safe).format_map({"x": {"foo": 42}, "y": "<foo>"}) }}',
  ],
  ['format_map stays Markup', "{{ [('{a}'|safe).format_map({'a': 1})] }}"],
  [
    'find, count and startswith give plain values',
    "{{ ('a<b'|safe).find('<') }} {{ ('aa'|safe).count('a') }} {{ ('ab'|safe).startswith('a') }}",
  ],
  ['removeprefix gives plain text', "{{ [('ab'|safe).removeprefix('a')] }}"],
  ['casefold gives plain text', "{{ [('AB'|safe).casefold()] }}"],
  ['a method printed', "{{ ('a'|safe).upper }}"],
  ['split with too many arguments names Markup', "{{ ('a'|safe).split(',', 1, 2) }}"],
  ['split with an unknown keyword', "{{ ('a'|safe).split(nope=1) }}"],
  ['join without its argument', "{{ ('a'|safe).join() }}"],
  ['partition with two arguments', "{{ ('a'|safe).partition('a', 'b') }}"],
  ['an unwrapped method names Markup in its message', "{{ ('a'|safe).isdigit(1) }}"],
  ['a wrapped method names str in its message', "{{ ('a'|safe).upper(1) }}"],
  ['center with a text width names Markup', "{{ ('a'|safe).center('x') }}"],
  ['format_map of a Markup mapping', "{{ 'a{x}b'.format_map('x'|safe) }}"],
  [
    'the sandboxed format methods print as functions',
    "{{ 'a'.format }}|{{ 'a'.format_map }}|{{ ('a'|safe).format }}|{{ ('a'|safe).format_map }}",
  ],
  ['Markup.format refuses a spec for a Markup argument', "{{ ('{:>5}-'|safe).format('x'|e) }}"],
  ['an unknown format code names Markup as the type', "{{ 'a{:X}'.format('x'|e) }}"],
  ['Markup formatted by a spec pads as text', "{{ '{:>5}|{:^5}'.format('<'|safe, 'x'|e) }}"],
  ['Markup % reads %d of a wrapped text through int()', "{{ ('%d|%d'|safe) % (' 5 ', '7'|safe) }}"],
  [
    'Markup % reads %f of a wrapped text through float()',
    "{{ ('%.1f'|safe) % '1e3' }} {{ ('%.2f'|safe)|format('3') }}",
  ],
  ['Markup % of %d on text that is no int', "{{ ('%d'|safe) % 'abc' }}"],
  ['Markup % of %d on a list names the wrapper', "{{ ('%d'|safe) % [1] }}"],
  ["Markup % of %f on none shows float()'s error", "{{ ('%f'|safe) % none }}"],
  ['Markup % of %x wants an index, which the wrapper has not', "{{ ('%x'|safe) % 255 }}"],
  ['Markup % of %c takes no wrapped value', "{{ ('%c'|safe) % 60 }}"],
  ['Markup % of a * width takes no wrapped value', "{{ ('%*d'|safe) % (5, 1) }}"],
  ['Markup % with a mapping wraps its values', "{{ ('%(a)d %(b)s'|safe) % {'a': '4', 'b': '<'} }}"],
  ["Markup % of %d on a text past 4,300 digits fails on Python's limit", "{{ ('%d'|safe) % ('9' * 4301) }}"],
]);
