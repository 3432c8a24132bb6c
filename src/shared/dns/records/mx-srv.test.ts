import { describe, expect, it } from 'vitest';
import { contentCases } from '../testing/cases';
import { RECORD_SPECS } from './index';

contentCases(
  'MX',
  [
    ['10 mail.example.com', '10 mail.example.com.'],
    ['0    Mail.Example.com.', '0 mail.example.com.'],
    ['010\tmx1.example.net', '10 mx1.example.net.'],
    ['65535 mx.example.org', '65535 mx.example.org.'],
    ['0 .', '0 .'],
  ],
  [
    ['70000 mail.example.com', /MX priority must be an integer from 0 to 65535, got "70000"/],
    ['-1 mail.example.com', /MX priority/],
    ['ten mail.example.com', /MX priority/],
    ['mail.example.com', /needs a priority and a mail host, got 1 field/],
    ['10 mail.example.com extra', /got 3 fields/],
    ['10 192.0.2.1', /MX mail host "192\.0\.2\.1" is an IP address/],
    ['10 mail_ex!.com', /contains "!"/],
    ['', /^Content is empty; an? [A-Z]+ record needs </],
  ],
);

contentCases(
  'SRV',
  [
    ['10 60 5060 sip.example.com', '10 60 5060 sip.example.com.'],
    ['0  0  443  Target.Example.com.', '0 0 443 target.example.com.'],
    ['0 0 0 .', '0 0 0 .'],
    ['65535 65535 65535 x.example', '65535 65535 65535 x.example.'],
  ],
  [
    ['10 60 70000 sip.example.com', /SRV port must be an integer from 0 to 65535/],
    ['10 -5 5060 sip.example.com', /SRV weight/],
    ['x 60 5060 sip.example.com', /SRV priority/],
    ['10 60 sip.example.com', /got 3 fields/],
    ['10 60 5060 sip.example.com extra', /got 5 fields/],
    ['10 60 5060 10.0.0.1', /is an IP address/],
    ['', /^Content is empty; an? [A-Z]+ record needs </],
  ],
);

describe('MX and SRV forms', () => {
  it('format numbers as given and hosts canonically', () => {
    expect(RECORD_SPECS.MX.format({ priority: 5, host: 'MAIL.example.com' })).toBe(
      '5 mail.example.com.',
    );
    expect(RECORD_SPECS.SRV.format({ priority: 1, weight: 2, port: 3, target: '.' })).toBe(
      '1 2 3 .',
    );
  });

  it('parse fills the form fields', () => {
    expect(RECORD_SPECS.SRV.parse('10 60 5060 sip.example.com')).toEqual({
      ok: true,
      value: { priority: 10, weight: 60, port: 5060, target: 'sip.example.com.' },
    });
  });
});
