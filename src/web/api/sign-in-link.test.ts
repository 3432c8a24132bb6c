// The server's sign-in link: out of the address bar at once, and never a silent key swap.
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from './session';
import {
  handleSignInLink,
  resolvePendingLink,
  takeKeyFromHash,
  usePendingLinkKey,
} from './sign-in-link';

const open = (url: string) => {
  window.history.replaceState(null, '', url);
  handleSignInLink();
};

beforeEach(() => {
  session.signOut();
  resolvePendingLink(false);
});

describe('handleSignInLink', () => {
  it('signs in for this tab when nobody is, and removes the key from the address bar', () => {
    open('/zones/zone_1?page=2#key=zd_abc%2Bdef');
    expect(session.get()).toEqual({ key: 'zd_abc+def', baseUrl: '', remember: false });
    expect(window.location.href).toBe('http://localhost:3000/zones/zone_1?page=2');
    expect(sessionStorage.getItem('zonedeck.session')).toContain('zd_abc+def');
    expect(localStorage.getItem('zonedeck.session')).toBeNull();
  });

  it('the same key again changes nothing and asks nothing', () => {
    session.signIn({ key: 'zd_same', baseUrl: '', remember: true });
    const { result } = renderHook(() => usePendingLinkKey());
    open('/#key=zd_same');
    expect(result.current).toBeNull();
    expect(session.get()).toEqual({ key: 'zd_same', baseUrl: '', remember: true });
    expect(window.location.hash).toBe('');
  });

  it('another key waits for an answer; Keep drops it, with the key already gone from the URL', () => {
    session.signIn({ key: 'zd_mine', baseUrl: '', remember: false });
    const { result } = renderHook(() => usePendingLinkKey());
    act(() => open('/#key=zd_theirs'));
    expect(result.current).toBe('zd_theirs');
    expect(window.location.hash).toBe('');
    expect(session.get()?.key).toBe('zd_mine');
    act(() => resolvePendingLink(false));
    expect(result.current).toBeNull();
    expect(session.get()?.key).toBe('zd_mine');
  });

  it('Replace signs in with the link’s key for this tab', () => {
    session.signIn({ key: 'zd_mine', baseUrl: '', remember: true });
    open('/#key=zd_theirs');
    resolvePendingLink(true);
    expect(session.get()).toEqual({ key: 'zd_theirs', baseUrl: '', remember: false });
    expect(localStorage.getItem('zonedeck.session')).toBeNull();
  });

  it('asks when the same key is signed in against a service elsewhere', () => {
    session.signIn({ key: 'zd_same', baseUrl: 'https://dns.example.net', remember: false });
    const { result } = renderHook(() => usePendingLinkKey());
    act(() => open('/#key=zd_same'));
    expect(result.current).toBe('zd_same');
  });

  it('does nothing without a key in the hash', () => {
    open('/#section');
    expect(session.get()).toBeNull();
    expect(window.location.hash).toBe('#section');
  });
});

describe('takeKeyFromHash', () => {
  it.each([
    ['#key=', null],
    ['#key=%E0%A4%A', null],
    ['#key=%20zd_x%20', 'zd_x'],
    ['#key=zd_x&other=1', 'zd_x'],
  ])('%j → %j, and the hash is gone', (hash, key) => {
    window.history.replaceState(null, '', `/${hash}`);
    expect(takeKeyFromHash()).toBe(key);
    expect(window.location.hash).toBe('');
  });
});
