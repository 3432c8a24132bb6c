// Active or disabled: disabling asks first, because the zone stops answering at once.
import { useState } from 'react';
import { toast } from 'sonner';
import type { Zone } from '../../../shared/api/zones';
import { useUpdateZone } from '../../api/zones';
import { Button } from '../../ui/button';
import { SettingsCard } from '../../ui/card';
import { Dialog, DialogClose } from '../../ui/dialog';
import { FormAlert } from '../../ui/error-panel';
import { IconPower } from '../../ui/icons';
import { useDialogParam } from '../../ui/use-dialog-param';

export function ZoneStatusCard({ zone }: { zone: Zone }) {
  const update = useUpdateZone(zone.id);
  const [confirmOpen, setConfirmOpen] = useDialogParam('disable-zone');
  const [error, setError] = useState<unknown>(null);
  const active = zone.status === 'active';

  const setStatus = (status: 'active' | 'disabled') => {
    // Busy, not disabled: a disabled button drops the keyboard focus to the page's body (the
    // switch keeps its place and its focus as it turns into the other one).
    if (update.isPending) return;
    setError(null);
    update.mutate(
      { status },
      {
        onSuccess: () => {
          setConfirmOpen(false);
          toast.success(
            status === 'active' ? `${zone.name} is active again` : `${zone.name} is disabled`,
          );
        },
        onError: setError,
      },
    );
  };

  return (
    <SettingsCard
      title="Status"
      description={
        active
          ? 'The zone is active: its nameservers answer for it.'
          : 'The zone is disabled: its nameservers answer REFUSED for it. Records are kept and stay editable.'
      }
    >
      {!confirmOpen && <FormAlert error={error} />}
      {active ? (
        <Button onClick={() => setConfirmOpen(true)}>
          <IconPower /> Disable zone
        </Button>
      ) : (
        <Button variant="primary" onClick={() => setStatus('active')} busy={update.isPending}>
          <IconPower /> Enable zone
        </Button>
      )}
      <Dialog
        open={confirmOpen && active}
        onOpenChange={(open) => {
          setError(null);
          setConfirmOpen(open);
        }}
        title={`Disable ${zone.name}?`}
        description="While disabled, the nameservers answer REFUSED for the zone, so the domain stops resolving once caches expire. Its records are kept, and you can enable it again at any time."
      >
        <FormAlert error={error} />
        <div className="form-actions">
          <DialogClose>Cancel</DialogClose>
          <Button variant="danger" onClick={() => setStatus('disabled')} busy={update.isPending}>
            Disable zone
          </Button>
        </div>
      </Dialog>
    </SettingsCard>
  );
}
