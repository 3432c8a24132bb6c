// "Export zone file": fetches the zone file with the session's key and saves it as <zone>.zone.
import { useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../api/api-error';
import { fetchZoneFile } from '../../api/zone-file';
import { Button } from '../../ui/button';

/** Saves `text` through a temporary <a download>: the API needs a header a plain link cannot send. */
function saveFile(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/dns' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked after the click has been handled, so the download has its data.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function ExportZoneButton({ zoneId, zoneName }: { zoneId: string; zoneName: string }) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      saveFile(`${zoneName.replace(/\.$/, '')}.zone`, await fetchZoneFile(zoneId));
    } catch (e) {
      toast.error('Could not export the zone file', {
        description: e instanceof ApiError ? e.message : String(e),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button busy={busy} onClick={() => void onClick()}>
      Export zone file
    </Button>
  );
}
