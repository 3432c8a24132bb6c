// Follows sign-in links pasted into the address bar of an open tab (a hash change, no reload),
// and shows the question when a link brings another key. The dialog's code (Radix) loads only
// then: it stays out of the first page's JavaScript (ADR 0004's budget).
import { lazy, Suspense, useEffect } from 'react';
import { handleSignInLink, usePendingLinkKey } from '../api/sign-in-link';

const SignInLinkDialog = lazy(async () => ({
  default: (await import('./sign-in-link-dialog')).SignInLinkDialog,
}));

export function SignInLinkWatcher() {
  const pending = usePendingLinkKey();
  useEffect(() => {
    window.addEventListener('hashchange', handleSignInLink);
    return () => window.removeEventListener('hashchange', handleSignInLink);
  }, []);
  if (!pending) return null;
  return (
    <Suspense fallback={null}>
      <SignInLinkDialog />
    </Suspense>
  );
}
