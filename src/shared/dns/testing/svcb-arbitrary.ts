// Test-only generator of valid SVCB/HTTPS fields: any key subset, spellings and order, consistent mandatory.

import fc from 'fast-check';
import type { SvcParam } from '../records/svcb-params';
import { hostOrRoot, ipv4, ipv6, text, u16 } from './primitives';

const svcParamPool = fc.record({
  alpn: fc.tuple(
    fc.array(fc.constantFrom('h2', 'h3', 'http/1.1', 'x-test'), { minLength: 1, maxLength: 3 }),
    fc.boolean(),
  ),
  port: u16,
  ipv4hint: fc.array(ipv4, { minLength: 1, maxLength: 3 }),
  ech: fc.uint8Array({ minLength: 1, maxLength: 40 }).map((b) => btoa(String.fromCharCode(...b))),
  ipv6hint: fc.array(ipv6, { minLength: 1, maxLength: 3 }),
  unknown: fc.tuple(
    fc.integer({ min: 8, max: 65535 }),
    fc.option(
      text.filter((t) => t !== ''),
      { nil: undefined },
    ),
  ),
});

export const svcb = fc
  .tuple(
    u16,
    hostOrRoot,
    svcParamPool,
    fc.array(
      fc.constantFrom(
        'alpn',
        'port',
        'ipv4hint',
        'ech',
        'ipv6hint',
        'dohpath',
        'unknown',
        'nda',
        'mandatory',
      ),
    ),
    fc.boolean(),
  )
  .chain(([priority, target, pool, chosen, numbered]) => {
    if (priority === 0) return fc.constant({ priority, target, params: [] as SvcParam[] });
    const keys = new Set(chosen);
    if (keys.has('nda')) keys.add('alpn');
    const name = (n: number, named: string) => (numbered ? `key${n}` : named);
    const params: SvcParam[] = [];
    if (keys.has('alpn')) params.push({ key: name(1, 'alpn'), value: pool.alpn[0].join(',') });
    if (keys.has('nda')) params.push({ key: 'no-default-alpn' });
    if (keys.has('port')) params.push({ key: name(3, 'port'), value: String(pool.port) });
    if (keys.has('ipv4hint')) params.push({ key: 'ipv4hint', value: pool.ipv4hint.join(',') });
    if (keys.has('ech')) params.push({ key: 'ech', value: pool.ech });
    if (keys.has('ipv6hint')) params.push({ key: 'ipv6hint', value: pool.ipv6hint.join(',') });
    if (keys.has('dohpath')) params.push({ key: 'dohpath', value: '/dns-query{?dns}' });
    const [unknownKey, unknownValue] = pool.unknown;
    if (keys.has('unknown'))
      params.push(
        unknownValue === undefined
          ? { key: `key${unknownKey}` }
          : { key: `key${unknownKey}`, value: unknownValue },
      );
    const listed = params.map((p) => p.key);
    if (keys.has('mandatory') && listed.length > 0)
      params.push({ key: 'mandatory', value: listed.join(',') });
    return fc
      .shuffledSubarray(params, { minLength: params.length, maxLength: params.length })
      .map((shuffled) => ({ priority, target, params: shuffled }));
  });
