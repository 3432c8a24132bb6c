// The sign-in page, outside the app shell. Shows why the user is here (a rejected key, a sign-out).
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useSession, useSessionNotice } from '../../api/session';
import { safeNextPath } from '../../api/sign-in';
import { IconAlert } from '../../ui/icons';
import { Logo } from '../../ui/logo';
import { ThemeToggle } from '../../ui/theme-toggle';
import { SignInForm } from './sign-in-form';

export function SignInPage() {
  const signedIn = useSession() !== null;
  const notice = useSessionNotice();
  // Once a key has been tried, its own answer is the news: "Signed out" or an older rejection
  // shown above "This API key was not accepted" read as if both were current.
  const [tried, setTried] = useState(false);
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  if (signedIn) return <Navigate to={next} replace />;

  const signedOut = notice?.kind === 'signed-out';
  return (
    <div className="auth-page">
      <title>Sign in · Zonedeck</title>
      <header className="auth-topbar">
        <Logo />
        <ThemeToggle />
      </header>
      <main className="auth-main" id="main">
        <div className="auth-card">
          <h1 className="auth-title">Sign in</h1>
          <p className="auth-lead">Connect to your DNS service with an API key.</p>
          {notice && !tried && (
            <div
              className={`callout ${signedOut ? 'callout-info' : 'callout-warning'}`}
              role={signedOut ? 'status' : 'alert'}
            >
              <IconAlert className="callout-icon" width="20" height="20" />
              <div className="callout-body">
                <p className="callout-title">{signedOut ? 'Signed out' : 'Please sign in again'}</p>
                {notice.kind === 'rejected' && <p>{notice.message}</p>}
              </div>
            </div>
          )}
          <SignInForm onAttempt={() => setTried(true)} />
        </div>
        <p className="auth-help">
          No key yet? The server prints a sign-in link when it first starts, and your operator
          issues keys with <code>npm run apikey -- create</code>.
        </p>
      </main>
    </div>
  );
}
