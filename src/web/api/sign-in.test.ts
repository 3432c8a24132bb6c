import { describe, expect, it } from 'vitest';
import { safeNextPath, signInFromLocationHash } from './sign-in';
import { session } from './session';

describe("signInFromLocationHash (the server's sign-in link)", () => {
  it('keeps the key for this tab and removes it from the address bar at once', () => {
    window.history.replaceState(null, '', '/zones/zone_1?page=2#key=zd_abc%2Bdef');
    signInFromLocationHash();
    expect(session.get()).toEqual({ key: 'zd_abc+def', baseUrl: '', remember: false });
    expect(window.location.href).toBe('http://localhost:3000/zones/zone_1?page=2');
    expect(sessionStorage.getItem('zonedeck.session')).toContain('zd_abc+def');
    expect(localStorage.getItem('zonedeck.session')).toBeNull();
  });

  it('does nothing without a key in the hash', () => {
    session.signOut();
    window.history.replaceState(null, '', '/#section');
    signInFromLocationHash();
    expect(session.get()).toBeNull();
    expect(window.location.hash).toBe('#section');
  });
});

describe('safeNextPath', () => {
  it.each([
    ['/zones/zone_1?dialog=delete-zone', '/zones/zone_1?dialog=delete-zone'],
    [null, '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['zones', '/'],
  ])('%j → %j', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });
});
