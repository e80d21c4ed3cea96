import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useSession } from '../../lib/session';
import { viewsStore } from '../../lib/views/views-store';
import { type BoardForms, boardFormsSource } from './board-forms-source';

/** The form views of the board's folders (a form is a folder's view of type `form`), live. */
export function useBoardForms(teamId: number, boardId: string, folderIds: readonly string[]): BoardForms {
  const { profile } = useSession();
  const userId = profile?.id;
  const key = folderIds.join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the folders are compared by their ids (key)
  const source = useMemo(
    () =>
      boardFormsSource(
        userId === undefined ? [] : folderIds.map((id) => viewsStore(userId, teamId, boardId, id)),
      ),
    [userId, teamId, boardId, key],
  );
  useEffect(() => source.load(), [source]);
  return useSyncExternalStore(source.subscribe, source.getSnapshot);
}
