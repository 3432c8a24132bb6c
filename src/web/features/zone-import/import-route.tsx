// /zones/:zoneId/records/import: the import dialog over the records page, which hands it a file
// dropped on the page. Closing it goes back to the records, with their search and filters.
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useOutletContext, useParams } from 'react-router';
import { useZone } from '../../api/zones';
import type { FileDropContext } from '../../ui/use-file-drop';
import { ImportDialog } from './import-dialog';
import { clearImportDraft } from './import-draft';
import { announceImport } from './import-toast';

export function ImportRoute() {
  const { zoneId = '' } = useParams();
  const { data: zone } = useZone(zoneId);
  const context = useOutletContext<FileDropContext | undefined>();
  const navigate = useNavigate();
  const { search } = useLocation();
  const qc = useQueryClient();
  // Closed on purpose (Cancel, or applied): the draft goes with it.
  const close = () => {
    clearImportDraft(zoneId);
    void navigate({ pathname: '..', search }, { relative: 'path', replace: true });
  };
  // The records page shows the zone's own loading and error states behind.
  if (!zone) return null;
  return (
    <ImportDialog
      zoneId={zoneId}
      zoneName={zone.name}
      dropped={context?.dropped ?? null}
      onClose={close}
      onApplied={(result) => {
        close();
        announceImport(qc, zoneId, result);
      }}
    />
  );
}
