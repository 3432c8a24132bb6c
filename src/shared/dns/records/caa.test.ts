import { describe, expect, it } from 'vitest';
import { contentCases } from '../testing/cases';
import { RECORD_SPECS } from './index';

contentCases(
  'CAA',
  [
    ['0 issue "letsencrypt.org"', '0 issue "letsencrypt.org"'],
    ['0 issue letsencrypt.org', '0 issue "letsencrypt.org"'],
    ['128   ISSUEWILD   ";"', '128 issuewild ";"'],
    ['0 issue ""', '0 issue ""'],
    [
      '0 issue "ca.example.net; account=230123; validationmethods=dns-01"',
      '0 issue "ca.example.net; account=230123; validationmethods=dns-01"',
    ],
    ['0 iodef "mailto:security@example.com"', '0 iodef "mailto:security@example.com"'],
    ['0 iodef https://example.com/report', '0 iodef "https://example.com/report"'],
    ['0 tbs "Unknown \\"quoted\\" value"', '0 tbs "Unknown \\"quoted\\" value"'],
    ['0 contactemail   ops@example.com   now', '0 contactemail "ops@example.com now"'],
  ],
  [
    ['256 issue "letsencrypt.org"', /CAA flags must be an integer from 0 to 255/],
    ['0 is-sue "letsencrypt.org"', /CAA tag must be 1 to 15 letters or digits/],
    ['0 abcdefghijklmnop "x"', /CAA tag must be 1 to 15/],
    ['0 issue', /needs flags, a tag and a value/],
    ['0 issue "letsencrypt.org', /unbalanced quote/],
    ['0 issue "a" "b"', /text follows the closing quote/],
    ['0 issue lets"encrypt', /stray quote/],
    ['0 issue "lets encrypt.org"', /issuer "lets encrypt\.org" is not a domain name/],
    ['0 issue "letsencrypt.org; account"', /parameter "account" is not of the form key=value/],
    ['0 iodef "ftp://example.com/x"', /iodef must be a mailto:, http: or https: URL/],
    ['0 iodef "not a url"', /iodef must be/],
    ['0 tbs "bell\\007"', /control character/],
    ['', /^Content is empty; an? [A-Z]+ record needs </],
  ],
);

describe('CAA fields', () => {
  it('unescapes the value for the form and quotes it again on format', () => {
    expect(RECORD_SPECS.CAA.parse('0 tbs "a\\"b"')).toEqual({
      ok: true,
      value: { flags: 0, tag: 'tbs', value: 'a"b' },
    });
    expect(RECORD_SPECS.CAA.format({ flags: 0, tag: 'Issue', value: 'ca.example' })).toBe(
      '0 issue "ca.example"',
    );
  });
});
