// Deleting a zone: irreversible, so the user types the zone's name first.
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { Zone } from '../../../shared/api/zones';
import { useDeleteZone } from '../../api/zones';
import { Button } from '../../ui/button';
import { SettingsCard } from '../../ui/card';
import { Dialog, DialogClose } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { Form } from '../../ui/form/form';
import { exactTextInput } from '../../ui/form/exact-text';
import { clearDraft, loadDraft, useDraft } from '../../ui/form/use-draft';
import { IconTrash } from '../../ui/icons';
import { useDialogParam } from '../../ui/use-dialog-param';

const same = (typed: string, name: string) =>
  typed.trim().toLowerCase().replace(/\.$/, '') === name;

export function DeleteZoneCard({ zone }: { zone: Zone }) {
  const [open, setOpen] = useDialogParam('delete-zone');
  return (
    <SettingsCard
      title="Delete zone"
      description="Removes the zone and all its records. This cannot be undone."
      tone="danger"
    >
      <Button variant="danger" onClick={() => setOpen(true)}>
        <IconTrash /> Delete zone
      </Button>
      {open && <DeleteZoneDialog zone={zone} onOpenChange={setOpen} />}
    </SettingsCard>
  );
}

function DeleteZoneDialog({
  zone,
  onOpenChange,
}: {
  zone: Zone;
  onOpenChange: (o: boolean) => void;
}) {
  const del = useDeleteZone(zone.id);
  const navigate = useNavigate();
  const draftId = `delete-zone:${zone.id}`;
  const form = useForm({ defaultValues: loadDraft(draftId, { confirm: '' }) });
  useDraft(draftId, form);
  const matches = same(useWatch({ control: form.control, name: 'confirm' }), zone.name);
  const close = (next: boolean) => {
    if (!next) clearDraft(draftId);
    onOpenChange(next);
  };

  const submit = () => {
    if (!matches) return;
    del.mutate(undefined, {
      onSuccess: ({ message }) => {
        clearDraft(draftId);
        toast.success('Deletion started', {
          description: message || `${zone.name} is being deleted.`,
        });
        void navigate('/', { replace: true });
      },
    });
  };

  return (
    <Dialog
      open
      onOpenChange={close}
      title={`Delete ${zone.name}?`}
      description="The zone stops answering at once and all its records are removed. This cannot be undone."
    >
      <Form onSubmit={form.handleSubmit(submit)} error={del.error}>
        <Field
          label="Zone name"
          hint={
            <>
              Type <strong className="mono">{zone.name}</strong> to confirm.
            </>
          }
        >
          {(a) => (
            <input
              {...a}
              {...form.register('confirm')}
              {...exactTextInput}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's one field
              autoFocus
            />
          )}
        </Field>
        <div className="form-actions">
          <DialogClose>Cancel</DialogClose>
          <Button
            type="submit"
            variant="danger"
            disabled={!matches || del.isPending}
            busy={del.isPending}
          >
            Delete zone
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
