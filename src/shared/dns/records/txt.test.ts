import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { text } from '../testing/arbitraries';
import { contentCases } from '../testing/cases';
import { RECORD_SPECS } from './index';
import { txtToWireStrings } from './txt';

const utf8Length = (s: string) => new TextEncoder().encode(s).length;

contentCases(
  'TXT',
  [
    ['v=spf1 include:_spf.example.com ~all', 'v=spf1 include:_spf.example.com ~all'],
    ['  hello   world  ', 'hello   world'],
    ['path\\to', 'path\\to'],
    ['"hello world"', '"hello world"'],
    ['"a"   "b"', '"a" "b"'],
    ['"a""b"', '"a" "b"'],
    ['""', '""'],
    ['"say \\"hi\\""', '"say \\"hi\\""'],
    ['"back\\\\slash"', '"back\\\\slash"'],
    ['"\\065\\066C"', '"ABC"'],
    ['"caf\\195\\169"', '"café"'],
    ['"\\x"', '"x"'],
    ['"tab\there"', '"tab\there"'],
    ['"bücher ✓"', '"bücher ✓"'],
  ],
  [
    ['"unbalanced', /unbalanced quote/],
    ['"a" "b', /unbalanced quote: string 2 is never closed/],
    ['text "quoted"', /mixes free text and quotes/],
    ['"quoted" text', /mixes free text and quotes/],
    ['5" tall', /mixes free text and quotes/],
    ['line\nbreak', /control character U\+000A/],
    ['"nul\\000"', /control character U\+0000/],
    ['"\\1"', /\\DDD with three digits/],
    ['"\\256"', /\\DDD with three digits/],
    ['"\\195"', /not form valid UTF-8/],
    ['"ends with \\"', /unbalanced quote/],
    [`"${'x'.repeat(70000)}"`, /too long/],
    ['', /^Content is empty; an? [A-Z]+ record needs </],
  ],
);

describe('TXT fields', () => {
  it('keeps free text free and quoted text quoted', () => {
    expect(RECORD_SPECS.TXT.parse('hello world')).toEqual({
      ok: true,
      value: { strings: ['hello world'], quoted: false },
    });
    expect(RECORD_SPECS.TXT.parse('"a" "b"')).toEqual({
      ok: true,
      value: { strings: ['a', 'b'], quoted: true },
    });
  });

  it('quotes free text that would not read back as typed', () => {
    const format = RECORD_SPECS.TXT.format;
    expect(format({ strings: ['say "hi"'], quoted: false })).toBe('"say \\"hi\\""');
    expect(format({ strings: [' padded '], quoted: false })).toBe('" padded "');
    expect(format({ strings: [''], quoted: false })).toBe('""');
    expect(format({ strings: ['a', 'b'], quoted: false })).toBe('"a" "b"');
  });
});

describe('txtToWireStrings', () => {
  it('sends each quoted string unescaped, and free text as one string', () => {
    expect(txtToWireStrings('"a\\"b" "c"')).toEqual(['a"b', 'c']);
    expect(txtToWireStrings('v=spf1 -all')).toEqual(['v=spf1 -all']);
    expect(txtToWireStrings('""')).toEqual(['']);
  });

  it('splits long strings into 255-byte pieces without cutting a character', () => {
    const long = 'é'.repeat(200);
    const pieces = txtToWireStrings(`"${long}"`);
    expect(pieces.map(utf8Length)).toEqual([254, 146]);
    expect(pieces.join('')).toBe(long);
    expect(txtToWireStrings('x'.repeat(600)).map((p) => p.length)).toEqual([255, 255, 90]);
  });

  it('always yields pieces of at most 255 bytes that join back to the strings', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: text, maxLength: 30 }), { minLength: 1, maxLength: 3 }),
        (parts) => {
          const strings = parts.map((p) => p.slice(0, 400));
          const content = RECORD_SPECS.TXT.format({ strings, quoted: true });
          const pieces = txtToWireStrings(content);
          expect(pieces.every((p) => utf8Length(p) <= 255)).toBe(true);
          expect(pieces.join('')).toBe(strings.join(''));
        },
      ),
      { numRuns: 300 },
    );
  });
});
