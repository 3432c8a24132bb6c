// A file dropped anywhere on the records page opens the import (./import, a child route) with
// it; the import reads the file from the outlet's context.
import { useState } from 'react';
import { useLocation, useMatch, useNavigate } from 'react-router';
import { useFileDrop, type DroppedFile, type FileDropContext } from '../../ui/use-file-drop';

export function useImportDrop(): { dragging: boolean; context: FileDropContext } {
  const navigate = useNavigate();
  const { search } = useLocation();
  const importing = useMatch('/zones/:zoneId/records/import') !== null;
  const [dropped, setDropped] = useState<DroppedFile | null>(null);
  const dragging = useFileDrop((file) => {
    setDropped((d) => ({ file, id: (d?.id ?? 0) + 1 }));
    if (!importing) void navigate({ pathname: 'import', search });
  });
  return { dragging, context: { dropped } };
}
