import { type SeedColumn, seedBoard } from './board-seed';
import { apiCall, type Token } from './workspace-setup';

export const STATUS_LABELS = [
  { id: crypto.randomUUID(), name: 'To do', color: '#64748b' },
  { id: crypto.randomUUID(), name: 'Doing', color: '#2563eb' },
  { id: crypto.randomUUID(), name: 'Done', color: '#16a34a' },
];

/**
 * A workspace with the board Launch: folders Plan and Archive; Status (label), Completed (date)
 * and Owner (members) columns, then `extraColumns`; one item, Write the brief, To do, owned by the
 * signed-up user.
 */
export async function seedAutomationBoard(baseUrl: string, token: Token, extraColumns: SeedColumn[] = []) {
  const me = await apiCall<{ id: number }>(baseUrl, token, 'GET', '/api/me');
  const team = await apiCall<{ id: number }>(baseUrl, token, 'POST', '/api/teams', { name: 'Atlas' });
  const board = await seedBoard(baseUrl, token, team.id, {
    name: 'Launch',
    folders: ['Plan', 'Archive'],
    columns: [
      { name: 'Status', type: 'label', settings: { labels: STATUS_LABELS } },
      { name: 'Completed', type: 'date' },
      { name: 'Owner', type: 'members' },
      ...extraColumns,
    ],
    items: [{ values: { Name: 'Write the brief', Status: [STATUS_LABELS[0]!.id], Owner: [me.id] } }],
  });
  return { teamId: team.id, board, path: `${baseUrl}/b/${board.boardId}/${board.folders.Plan}` };
}
