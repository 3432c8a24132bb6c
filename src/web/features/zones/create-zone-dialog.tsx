import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Dialog, DialogClose } from '../../ui/dialog';
import { clearDraft } from '../../ui/form/use-draft';
import { CREATE_ZONE_DRAFT, CreateZoneForm } from './create-zone-form';
import type { ZoneFileState } from './zone-file-banner';

interface CreateZoneDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function CreateZoneDialog({ open, onOpenChange }: CreateZoneDialogProps) {
  const navigate = useNavigate();
  const close = (next: boolean) => {
    if (!next) clearDraft(CREATE_ZONE_DRAFT); // closed on purpose: the draft is discarded
    onOpenChange(next);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Create zone"
      description="The zone gets its nameservers at once; records come next."
    >
      <CreateZoneForm
        cancel={<DialogClose>Cancel</DialogClose>}
        onCreated={(zone) => {
          const file = zone.zone_file;
          toast.success(
            file ? `Zone ${zone.name} created from its file` : `Zone ${zone.name} created`,
          );
          // The lines of the file left out are shown over the new zone's tabs (ZoneFileBanner).
          const state: ZoneFileState | null = file ? { zoneFile: file } : null;
          void navigate(`/zones/${encodeURIComponent(zone.id)}`, { state });
        }}
      />
    </Dialog>
  );
}
