// The signed-in shell: product name, navigation, who is signed in, theme, sign-out; the page below.
import { useEffect, useRef } from 'react';
import {
  Link,
  Navigate,
  NavLink,
  Outlet,
  ScrollRestoration,
  useLocation,
  useNavigation,
} from 'react-router';
import { session, useSession, useSessionNotice, type Session } from '../api/session';
import { Button } from '../ui/button';
import { IconLogOut } from '../ui/icons';
import { Logo } from '../ui/logo';
import { ThemeToggle } from '../ui/theme-toggle';

function SignedInAs({ s }: { s: Session }) {
  const where = s.baseUrl ? new URL(s.baseUrl).host : null;
  return (
    <span className="signed-in" title={where ? `Service at ${s.baseUrl}` : undefined}>
      <span className="signed-in-dot" aria-hidden="true" />
      <span className="signed-in-text">
        Signed in <span className="muted">with</span> <code>{s.key.slice(0, 7)}…</code>
        {where && <span className="muted"> · {where}</span>}
      </span>
    </span>
  );
}

export function RootLayout() {
  const s = useSession();
  const notice = useSessionNotice();
  const location = useLocation();
  const navigation = useNavigation();
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  // A link that led to another page is gone with its page: start the next one at its content,
  // so that keyboard and screen reader users are not thrown back to the top of the document.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const active = document.activeElement;
    if (!active || active === document.body) mainRef.current?.focus({ preventScroll: true });
  }, [location.pathname]);

  if (!s) {
    // After a rejected key, come back here (with the open dialog and its draft); after sign-out, not.
    const next = location.pathname + location.search;
    const to =
      notice?.kind === 'signed-out' || next === '/'
        ? '/sign-in'
        : `/sign-in?next=${encodeURIComponent(next)}`;
    return <Navigate to={to} replace />;
  }

  const zonesActive = location.pathname === '/' || location.pathname.startsWith('/zones/');
  return (
    <div className="shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="topbar">
        <div className="topbar-inner">
          <Link to="/" className="brand" aria-label="Zonedeck, all zones">
            <Logo />
          </Link>
          <nav aria-label="Main" className="mainnav">
            <NavLink
              to="/"
              className={zonesActive ? 'mainnav-link active' : 'mainnav-link'}
              aria-current={zonesActive ? 'page' : undefined}
            >
              Zones
            </NavLink>
          </nav>
          <div className="topbar-end">
            <SignedInAs s={s} />
            <ThemeToggle />
            <Button
              variant="ghost"
              onClick={() => session.signOut()}
              aria-label="Sign out"
              title="Sign out"
            >
              <IconLogOut />
              <span className="hide-narrow">Sign out</span>
            </Button>
          </div>
        </div>
        {navigation.state === 'loading' && <div className="progress" aria-hidden="true" />}
      </header>
      <main id="main" className="main" tabIndex={-1} ref={mainRef}>
        <Outlet />
      </main>
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}

/**
 * Where a page's scroll position is kept: per history entry, as React Router does, but a page
 * loaded afresh (typed, bookmarked, reloaded) has no entry of its own ("default"), and every such
 * load shared one position: opening a zone's URL landed where the records of another page had
 * been scrolled to. Those loads are kept apart by their address, so a reload still comes back.
 */
export function scrollKey(location: { key: string; pathname: string; search: string }): string {
  return location.key === 'default' ? `load:${location.pathname}${location.search}` : location.key;
}
