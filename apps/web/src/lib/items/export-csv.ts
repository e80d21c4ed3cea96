import { api } from '../api';

/** A file name from the folder's name, as the server cleans it: no path or reserved characters. */
export function csvFileName(folderName: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const cleaned = folderName.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').replace(/[/\\<>:"|?*]/g, '_');
  const base = cleaned.trim().replace(/^[.\s]+/, '');
  return `${Array.from(base || 'export')
    .slice(0, 120)
    .join('')}.csv`;
}

/**
 * Downloads a folder's items as CSV (GET .../folders/{id}/export, docs/views.md "Export to CSV"),
 * shaped by the stored view `viewId` when given. It goes through the app's request layer (token,
 * client version, refresh), takes the answer's bytes as they are (the BOM kept) and saves them
 * with a temporary link. Failures are thrown as HttpError for the caller to show.
 */
export async function downloadFolderCsv(options: {
  teamId: number;
  folderId: string;
  folderName: string;
  viewId?: string;
}): Promise<void> {
  const query = options.viewId ? `?view_id=${encodeURIComponent(options.viewId)}` : '';
  const path = `/api/${options.teamId}/folders/${encodeURIComponent(options.folderId)}/export${query}`;
  const blob = await api.get<Blob>(path, { responseType: 'blob', headers: { accept: 'text/csv' } });
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = csvFileName(options.folderName);
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the bytes to the browser's download: the URL is no longer needed.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
