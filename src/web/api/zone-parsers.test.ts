import { describe, expect, it } from 'vitest';
import { zoneSchema } from '../../shared/api/zones';
import { messageParser, zoneParser } from './zone-parsers';

const zone = {
  id: 'zone_1',
  customer_id: 'c',
  name: 'a.example',
  type: 'primary',
  region: 'EU',
  ttl: 3600,
  status: 'active',
  dnssec_enabled: false,
  settings: { dnssec_enabled: false },
  nameservers: ['ns1.example'],
  record_count: 2,
  created_at: 't',
  updated_at: 't',
};

describe('zoneParser: the shared zoneSchema behind the compat normalisation', () => {
  it('passes the reference shape through unchanged', () => {
    expect(zoneParser.parse(zone)).toEqual(zoneSchema.parse(zone));
  });

  it('unwraps { zone: {...} } and reads type "master" as primary', () => {
    expect(zoneParser.parse({ zone: { ...zone, type: 'master' } })).toEqual(zone);
  });

  it('fills dnssec_enabled and settings from each other', () => {
    const { settings: _s, ...noSettings } = zone;
    expect(zoneParser.parse({ ...noSettings, dnssec_enabled: true }).settings).toEqual({
      dnssec_enabled: true,
    });
    const { dnssec_enabled: _d, ...noTop } = zone;
    expect(zoneParser.parse({ ...noTop, settings: { dnssec_enabled: true } }).dnssec_enabled).toBe(
      true,
    );
  });

  it('still refuses what is not a zone', () => {
    expect(zoneParser.safeParse({ ...zone, ttl: 'long' }).success).toBe(false);
    expect(zoneParser.safeParse('zone').success).toBe(false);
  });
});

describe('messageParser', () => {
  it('accepts { message } and a bare string', () => {
    expect(messageParser.parse({ message: 'started' })).toEqual({ message: 'started' });
    expect(messageParser.parse('started')).toEqual({ message: 'started' });
  });
});
