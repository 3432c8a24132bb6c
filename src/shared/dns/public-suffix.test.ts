import { describe, expect, it } from 'vitest';
import { publicSuffixProblem } from './public-suffix';

describe('publicSuffixProblem', () => {
  it.each([
    ['com', /com is a public suffix: many owners .* such as example\.com\./],
    ['co.uk', /co\.uk is a public suffix/],
    ['in-addr.arpa', /such as 2\.0\.192\.in-addr\.arpa/],
    ['ip6.arpa', /such as 8\.b\.d\.0\.1\.0\.0\.2\.ip6\.arpa/],
    ['github.io', /github\.io is a public suffix \(its owner lets anyone register/],
    ['foo.ck', /foo\.ck is a public suffix/], // a wildcard rule: *.ck
  ])('refuses %s', (zone, message) => {
    expect(publicSuffixProblem(zone)).toMatch(message);
  });

  it.each([
    'example.com',
    'example.co.uk',
    'alice.github.io',
    '2.0.192.in-addr.arpa',
    'alpha.test', // not in the list: only the list's own entries are refused
    'www.ck', // the exception !www.ck
  ])('allows %s', (zone) => {
    expect(publicSuffixProblem(zone)).toBeUndefined();
  });
});
