import { describe, expect, it } from 'vitest';
import { zoneNameOfFile } from './create-zone-origin';

const SOA = 'ns1.example.net. hostmaster.example.net. 1 7200 3600 1209600 300';

describe('zoneNameOfFile', () => {
  it.each([
    [
      'the SOA owner, absolute',
      `shop.example. 3600 IN SOA ${SOA}\nwww IN A 192.0.2.1\n`,
      'shop.example',
    ],
    ['the SOA owner "@" under $ORIGIN', `$ORIGIN Shop.Example.\n@ IN SOA ${SOA}\n`, 'shop.example'],
    [
      'the SOA over parentheses and comments',
      `; exported\n$TTL 1h\nshop.example. IN SOA ns1.example.net. h.example.net. (\n 1 ; serial\n 7200 3600 1209600 300 )\n`,
      'shop.example',
    ],
    [
      'the first $ORIGIN without an SOA',
      `$ORIGIN shop.example. ; the zone\nwww A 192.0.2.1\n$ORIGIN sub.shop.example.\n`,
      'shop.example',
    ],
    ['nothing: a relative $ORIGIN', `$ORIGIN shop\nwww A 192.0.2.1\n`, null],
    ['nothing: records only', `www.shop.example. 300 IN A 192.0.2.1\n`, null],
    ['nothing: an SOA at "@" with no $ORIGIN', `@ IN SOA ${SOA}\n`, null],
    ['nothing: an empty text', '', null],
  ])('%s', (_what, text, want) => {
    expect(zoneNameOfFile(text)).toBe(want);
  });

  it('reads only the head of a large file', () => {
    const body = 'www IN A 192.0.2.1\n'.repeat(10_000);
    expect(zoneNameOfFile(`$ORIGIN shop.example.\n${body}`)).toBe('shop.example');
    expect(zoneNameOfFile(`${body}$ORIGIN late.example.\n`)).toBeNull();
  });
});
