// Scroll positions are kept per history entry, and per address for pages loaded afresh.
import { describe, expect, it } from 'vitest';
import { scrollKey } from './root-layout';

describe('scrollKey', () => {
  it('keeps each history entry apart, as React Router does', () => {
    expect(scrollKey({ key: 'k1', pathname: '/zones/z1', search: '' })).toBe('k1');
  });

  it('keeps pages loaded afresh apart by their address, not one shared "default"', () => {
    const records = scrollKey({ key: 'default', pathname: '/zones/z1/records', search: '' });
    const zone = scrollKey({ key: 'default', pathname: '/zones/z1', search: '' });
    expect(records).not.toBe(zone);
    expect(scrollKey({ key: 'default', pathname: '/zones/z1/records', search: '' })).toBe(records);
    expect(scrollKey({ key: 'default', pathname: '/zones/z1/usage', search: '?by=hour' })).toBe(
      'load:/zones/z1/usage?by=hour',
    );
  });
});
