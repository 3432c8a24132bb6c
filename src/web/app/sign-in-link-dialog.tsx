// Asks before a sign-in link replaces the key this tab is signed in with (loaded only when a
// link brings another key: sign-in-link-watcher.tsx).
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../api/session';
import { resolvePendingLink, usePendingLinkKey } from '../api/sign-in-link';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

/** The last characters of a key: enough to tell two keys apart, too few to use one. */
const keyEnd = (key: string) => `…${key.slice(-4)}`;

export function SignInLinkDialog() {
  const qc = useQueryClient();
  const current = useSession();
  const pending = usePendingLinkKey();

  if (!pending || !current) return null;
  const replace = () => {
    resolvePendingLink(true);
    // Nothing fetched with the old key may show under the new one: the page on screen keeps
    // its queries mounted, so they are reset (and fetched again with the new key), not dropped.
    qc.getMutationCache().clear();
    void qc.resetQueries();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && resolvePendingLink(false)}
      title="Sign in with another key?"
      description={
        <>
          This link signs you in with another API key (ending{' '}
          <span className="mono">{keyEnd(pending)}</span>) instead of the one you are using now
          (ending <span className="mono">{keyEnd(current.key)}</span>). Open links only from people
          you trust: the zones you see and change would be those of the link&apos;s key.
        </>
      }
    >
      <div className="form-actions">
        {/* The focus starts on Close, and Escape closes: both keep the current key. */}
        <Button variant="secondary" onClick={() => resolvePendingLink(false)}>
          Keep current key
        </Button>
        <Button variant="primary" onClick={replace}>
          Replace
        </Button>
      </div>
    </Dialog>
  );
}
