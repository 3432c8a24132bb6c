// One or more RRsets of each of the 14 types, with owner names relative to the zone, as the
// record routes take them: for tests that need a zone holding every type (export, import).
import type { RecordType } from '../../shared/dns/records/index';

/** [owner, type, values, a further value added disabled] */
export const EVERY_TYPE: [string, RecordType, string[], string?][] = [
  ['sub', 'NS', ['ns1.other.example.', 'ns2.other.example.']],
  ['@', 'A', ['192.0.2.1', '192.0.2.2'], '192.0.2.99'],
  ['@', 'AAAA', ['2001:db8::1']],
  ['@', 'MX', ['10 mx1.example.net.', '20 mx2.example.net.']],
  ['www', 'CNAME', ['web.example.net.']],
  ['*.dev', 'A', ['198.51.100.7']],
  ['_sip._tcp', 'SRV', ['10 60 5060 sip.example.net.']],
  ['ptr', 'PTR', ['host.example.net.']],
  ['@', 'TXT', ['"v=spf1 include:_spf.example.net ~all"', '"semi ; paren ( ) quote \\" x"']],
  ['@', 'CAA', ['0 issue "letsencrypt.org"']],
  [
    '_443._tcp.www',
    'TLSA',
    ['3 1 1 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'],
  ],
  ['host', 'SSHFP', ['4 2 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef']],
  ['@', 'HTTPS', ['1 . alpn=h2,h3']],
  ['_dns', 'SVCB', ['1 dns.example.net. alpn=h2']],
  ['apex-alias', 'ALIAS', ['lb.example.net.']],
];
