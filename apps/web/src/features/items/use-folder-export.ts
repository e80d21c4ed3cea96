import { useCallback, useState } from 'react';
import { useConnection } from '../../lib/connection';
import { downloadFolderCsv } from '../../lib/items/export-csv';

/**
 * The toolbar's Export CSV: downloads the folder shaped by the stored view `viewId` (undefined:
 * the folder itself, as before a folder has views), one export at a time; failures go to `report`.
 */
export function useFolderExport(options: {
  teamId: number;
  folder: { id: string; name: string };
  viewId: string | undefined;
  report(caught: unknown): void;
}) {
  const { teamId, folder, viewId, report } = options;
  const isOnline = useConnection();
  const [isExporting, setExporting] = useState(false);
  const onExport = useCallback(() => {
    setExporting(true);
    downloadFolderCsv({ teamId, folderId: folder.id, folderName: folder.name, viewId })
      .catch(report)
      .finally(() => setExporting(false));
  }, [teamId, folder.id, folder.name, viewId, report]);
  return { onExport, isOnline, isExporting };
}
