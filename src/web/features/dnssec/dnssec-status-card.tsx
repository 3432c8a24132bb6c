// On or off, and the switch. Turning off asks first and says what it breaks: the keys are
// deleted, so a DS still at the registrar makes the domain fail for validating resolvers.
import { useState } from 'react';
import { toast } from 'sonner';
import type { DnssecStatus } from '../../../shared/api/usage-dnssec';
import { describeAlgorithmMnemonic } from '../../../shared/dns/dnssec-names';
import { useSetDnssec } from '../../api/dnssec';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Dialog, DialogClose } from '../../ui/dialog';
import { FormAlert } from '../../ui/error-panel';
import { IconShield } from '../../ui/icons';
import { Time } from '../../ui/time';
import { useDialogParam } from '../../ui/use-dialog-param';

export function DnssecStatusCard({
  zoneName,
  status,
  dsFromParent = null,
  parentSigned = false,
}: {
  zoneName: string;
  status: DnssecStatus;
  /** The hosted parent zone that publishes the DS itself (ADR 0030), if any. */
  dsFromParent?: string | null;
  /** Whether that parent is signed itself. */
  parentSigned?: boolean;
}) {
  const change = useSetDnssec(status.zone_id);
  const [confirmOpen, setConfirmOpen] = useDialogParam('disable-dnssec');
  const [error, setError] = useState<unknown>(null);
  const on = status.enabled;

  const setEnabled = (enabled: boolean) => {
    // Busy, not disabled: a disabled button drops the keyboard focus to the page's body (the
    // switch keeps its place and its focus as it turns into the other one).
    if (change.isPending) return;
    setError(null);
    change.mutate(enabled, {
      onSuccess: () => {
        setConfirmOpen(false);
        toast.success(
          enabled
            ? dsFromParent
              ? `DNSSEC is on for ${zoneName}. ${dsFromParent} publishes this zone’s DS record.`
              : `DNSSEC is on for ${zoneName}. Add the DS record at your registrar.`
            : `DNSSEC is off for ${zoneName}; its keys are deleted.`,
        );
      },
      onError: setError,
    });
  };

  return (
    <section className="card card-pad dnssec-status" aria-labelledby="dnssec-status-title">
      <div className="dnssec-status-head">
        <span className={on ? 'dnssec-icon dnssec-icon-on' : 'dnssec-icon'} aria-hidden="true">
          <IconShield width="22" height="22" />
        </span>
        <div className="dnssec-status-text">
          <div className="dnssec-status-title-row">
            <h2 className="card-title" id="dnssec-status-title">
              DNSSEC is {on ? 'on' : 'off'}
            </h2>
            <Badge tone={on ? 'success' : 'neutral'}>
              <span className="badge-dot" aria-hidden="true" />
              {on ? 'Signed' : 'Unsigned'}
            </Badge>
          </div>
          <p className="card-description">
            {on ? (
              <>
                Every answer for this zone is signed, with {status.key_count}{' '}
                {status.key_count === 1 ? 'key' : 'keys'}
                {status.algorithm && (
                  <> of algorithm {describeAlgorithmMnemonic(status.algorithm)}</>
                )}
                .{' '}
                {status.ds_removal_requested_at
                  ? 'The zone asks its parent to remove the DS record: once it is gone, resolvers treat the zone as unsigned.'
                  : dsFromParent
                    ? `${dsFromParent}, hosted here too, publishes this zone’s DS record${parentSigned ? `: resolvers that trust ${dsFromParent} validate the answers.` : `; resolvers validate the answers once ${dsFromParent} is signed too.`}`
                    : 'Resolvers validate the answers once your registrar publishes the DS record below.'}
              </>
            ) : (
              <>
                Answers for this zone are not signed. Turning DNSSEC on creates a signing key and
                signs every answer at once; then{' '}
                {dsFromParent
                  ? `${dsFromParent}, hosted here too, publishes its DS record.`
                  : 'you give your registrar the DS record shown here.'}
              </>
            )}
          </p>
        </div>
        <div className="dnssec-status-action">
          {on ? (
            <Button onClick={() => setConfirmOpen(true)}>Turn off DNSSEC</Button>
          ) : (
            <Button variant="primary" onClick={() => setEnabled(true)} busy={change.isPending}>
              Turn on DNSSEC
            </Button>
          )}
        </div>
      </div>
      {!confirmOpen && <FormAlert error={error} />}
      <Dialog
        open={confirmOpen && on}
        onOpenChange={(open) => {
          setError(null);
          setConfirmOpen(open);
        }}
        title={`Turn off DNSSEC for ${zoneName}?`}
        description="Read this first: it can make the domain stop resolving."
      >
        <ul className="dnssec-warning-list">
          <li>
            <strong>The signing keys are deleted</strong> and the zone is served unsigned from that
            moment.
          </li>
          <li>
            {dsFromParent && status.ds_removal_requested_at ? (
              <>
                <strong>{dsFromParent}, hosted here, withdrew the DS</strong> when this zone asked,{' '}
                <Time iso={status.ds_removal_requested_at} />. Resolvers that fetched it before
                reject the unsigned answers until it expires (the TTL of {dsFromParent}): wait that
                long.
              </>
            ) : dsFromParent ? (
              <>
                <strong>Ask the parent to remove the DS first</strong> (below), and wait until the
                old one has expired from caches (the TTL of {dsFromParent}). {dsFromParent}, hosted
                here, withdraws it at once, but resolvers that fetched it reject the unsigned
                answers until it expires.
              </>
            ) : (
              <>
                <strong>Remove the DS record at your registrar first</strong>, and wait until the
                old one has expired from caches (its TTL at the parent, often a day). While a DS is
                still published, validating resolvers reject the unsigned answers and the domain
                stops resolving for their users.{' '}
              </>
            )}
            {dsFromParent ? null : status.ds_removal_requested_at ? (
              <>
                This zone has asked its parent to remove the DS since{' '}
                <Time iso={status.ds_removal_requested_at} />: check that the parent no longer lists
                it.
              </>
            ) : (
              <>
                If your registry reads CDS, “Ask the parent to remove the DS” below does this for
                you.
              </>
            )}
          </li>
          <li>
            Turning DNSSEC on again later makes a <strong>new key and a new DS record</strong>: the
            old DS will not match it.
          </li>
        </ul>
        <FormAlert error={error} />
        <div className="form-actions">
          <DialogClose>Cancel</DialogClose>
          <Button variant="danger" onClick={() => setEnabled(false)} busy={change.isPending}>
            Delete keys and turn off
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
