import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commentProblem, commentSchema } from './fields';

const cp = (n: number) => String.fromCodePoint(n);

describe('comment characters', () => {
  it.each([
    [0x0000, 'control'],
    [0x0009, 'control'], // tab: a comment is one line
    [0x000a, 'control'],
    [0x001b, 'control'], // ESC starts terminal escape sequences
    [0x001f, 'control'],
    [0x007f, 'control'],
    [0x0080, 'control'],
    [0x009f, 'control'],
    [0x202a, 'bidirectional'],
    [0x202b, 'bidirectional'],
    [0x202c, 'bidirectional'],
    [0x202d, 'bidirectional'],
    [0x202e, 'bidirectional'],
    [0x2066, 'bidirectional'],
    [0x2067, 'bidirectional'],
    [0x2068, 'bidirectional'],
    [0x2069, 'bidirectional'],
  ])('refuses U+%s, naming it and where it is', (code, kind) => {
    const hex = code.toString(16).toUpperCase().padStart(4, '0');
    const r = commentSchema.safeParse(`mail ${cp(code)}server`);
    expect(r.success).toBe(false);
    const message = r.error?.issues[0]?.message ?? '';
    expect(message).toContain(`U+${hex}`);
    expect(message).toContain(kind);
    expect(message).toContain('position 6');
    expect(message).toMatch(/remove it/);
  });

  it.each([
    ['plain text', 'Primary mail server, ask ops before changing'],
    ['accents and CJK', 'Café — 東京 office'],
    ['an emoji (astral plane)', 'rocket 🚀 launch'],
    ['right-to-left text with LRM and RLM marks', 'שלום \u200E(v2)\u200F عربى\u061C'],
    ['empty', ''],
  ])('accepts %s', (_, text) => {
    expect(commentSchema.safeParse(text).success).toBe(true);
  });

  it('counts the position in characters, so an emoji before counts once', () => {
    expect(commentProblem(`🚀${cp(0x202e)}`)).toContain('position 2');
  });

  it('refuses exactly the strings holding a forbidden character, and never throws', () => {
    const forbidden = (s: string) =>
      [...s].some((c) => {
        const n = c.codePointAt(0)!;
        return (
          n < 0x20 ||
          (n >= 0x7f && n <= 0x9f) ||
          (n >= 0x202a && n <= 0x202e) ||
          (n >= 0x2066 && n <= 0x2069)
        );
      });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 60, unit: 'grapheme' }),
          fc.string({ maxLength: 60, unit: 'binary' }),
          fc
            .array(fc.constantFrom('a', '\u202e', '\u2066', '\u200e', '\t', '\u0085', 'é'), {
              maxLength: 20,
            })
            .map((a) => a.join('')),
        ),
        (s) => {
          expect(commentProblem(s) !== undefined).toBe(forbidden(s));
        },
      ),
      { numRuns: 500 },
    );
  });
});
