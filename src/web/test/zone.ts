// A zone as the API answers it, for tests that need one beside what they test.
import type { Zone } from '../../shared/api/zones';

export const testZone = (overrides: Partial<Zone> = {}): Zone => ({
  id: 'zone_x',
  customer_id: 'c',
  name: 'example.com',
  type: 'master',
  region: 'EU_GLOBAL',
  ttl: 3600,
  status: 'active',
  dnssec_enabled: false,
  settings: { dnssec_enabled: false },
  nameservers: ['ns1.example.net.'],
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...overrides,
});
