import { apiCall, newBase62Id, type Token } from './workspace-setup';

export interface SeedColumn {
  name: string;
  type: string;
  settings?: Record<string, unknown>;
}

export interface SeedItem {
  /** The folder's name (the first folder when left out). */
  folder?: string;
  /** Values by column name. */
  values: Record<string, unknown>;
}

export interface SeededBoard {
  boardId: string;
  /** Folder ids by name. */
  folders: Record<string, string>;
  /** Column (attribute) ids by name, the Name column included. */
  columns: Record<string, string>;
}

/**
 * A board made through the API in one save-multiple, as the web app would make it: its folders,
 * a Name column (the item's name) and the other columns, and items in the order given
 * (sort keys a0, a1, ...), each item's values by column name.
 */
export async function seedBoard(
  baseUrl: string,
  token: Token,
  teamId: number,
  board: {
    name: string;
    folders: string[];
    columns: SeedColumn[];
    items: SeedItem[];
    /** The Name column's name ('Name'). */
    nameColumn?: string;
  },
): Promise<SeededBoard> {
  const boardId = newBase62Id();
  const folders = Object.fromEntries(board.folders.map((name) => [name, newBase62Id()]));
  const all: SeedColumn[] = [
    { name: board.nameColumn ?? 'Name', type: 'text', settings: { primary: true } },
    ...board.columns,
  ];
  const columns = Object.fromEntries(all.map((column) => [column.name, crypto.randomUUID()]));
  await apiCall(baseUrl, token, 'POST', `/api/${teamId}/save-multiple`, [
    { type: 'board', op: 'put', id: boardId, body: { name: board.name, row_version: 1 } },
    ...board.folders.map((name) => ({
      type: 'folder',
      op: 'put',
      id: folders[name],
      body: { board_id: boardId, name, row_version: 1 },
    })),
    ...all.map((column) => ({
      type: 'attribute',
      op: 'put',
      id: columns[column.name],
      body: {
        board_id: boardId,
        name: column.name,
        type: column.type,
        settings: column.settings ?? {},
        row_version: 1,
      },
    })),
    ...board.items.map((item, index) => ({
      type: 'item',
      op: 'put',
      id: crypto.randomUUID(),
      body: {
        folder_id: folders[item.folder ?? board.folders[0]!],
        sort_order: `a${index}`,
        values: Object.fromEntries(
          Object.entries(item.values).map(([column, data]) => [columns[column], { data }]),
        ),
        row_version: 1,
      },
    })),
  ]);
  return { boardId, folders, columns };
}

/** A shared view of a folder made through the API (as "Add view" makes one). */
export function seedView(
  baseUrl: string,
  token: Token,
  teamId: number,
  view: { folderId: string; type: string; name: string; settings?: Record<string, unknown> },
): Promise<{ id: string }> {
  return apiCall<{ id: string }>(baseUrl, token, 'PUT', `/api/${teamId}/views/${crypto.randomUUID()}`, {
    folder_id: view.folderId,
    name: view.name,
    type: view.type,
    settings: view.settings ?? {},
    row_version: 1,
  });
}

/** `YYYY-MM-DD`, `offset` days from today (UTC): the gantt opens on today. */
export function fromToday(offset: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset))
    .toISOString()
    .slice(0, 10);
}

/** `YYYY-MM-DD` of a day of the current month (the calendar opens on today's month). */
export function thisMonth(day: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getFullYear(), now.getMonth(), day)).toISOString().slice(0, 10);
}
