import type { Board, Folder } from '@strata/contracts/boards';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { api } from '../api';
import { catchUpTeam } from '../records/team-catch-up';
import { type RecordCollection, useRecordCollection } from '../records/use-record-collection';
import { useConflictNotices } from '../records/use-records';
import { useSession } from '../session';
import { useChannel } from '../use-channel';
import { rememberBoardTeam, rememberedBoardTeam, useBoardTeamsVersion } from './board-teams';
import { applyBoardRecordEvent, boardsStore, findOpenBoard, foldersStore } from './boards-store';
import { sortByOrder } from './folder-tree';

/** The events of a workspace's record channel that boards and folders follow. */
const RECORD_EVENTS = [
  'board.created',
  'board.updated',
  'board.deleted',
  'folder.created',
  'folder.updated',
  'folder.deleted',
] as const;

/**
 * Keeps the open boards and folders of a workspace live: its record channel's pushes go to the
 * stores (several screens may follow one workspace; each push is applied once).
 */
export function useBoardRecordEvents(teamId: number | undefined): void {
  const { profile } = useSession();
  const userId = profile?.id;
  const handlers = useMemo(() => {
    const apply = (payload: unknown) => {
      if (userId !== undefined && teamId !== undefined) applyBoardRecordEvent(userId, teamId, payload);
    };
    // Changes made between the stores' load and the subscription are read again once it holds.
    const catchUp = () => {
      if (userId !== undefined && teamId !== undefined) catchUpTeam(userId, teamId).catch(() => undefined);
    };
    return {
      ...Object.fromEntries(RECORD_EVENTS.map((event) => [event, apply])),
      'pusher:subscription_succeeded': catchUp,
    };
  }, [userId, teamId]);
  useChannel(teamId === undefined ? null : `private-team.${teamId}.records`, handlers);
}

/** A workspace's boards in the server's order, live; conflict notices of their saves shown. */
export function useBoards(
  teamId: number | undefined,
): RecordCollection<Board> & { store: ReturnType<typeof boardsStore> | null } {
  const { profile } = useSession();
  const store = profile && teamId !== undefined ? boardsStore(profile.id, teamId) : null;
  useConflictNotices(store);
  const collection = useRecordCollection(store);
  const data = useMemo(() => (collection.data ? sortByOrder(collection.data) : undefined), [collection.data]);
  return { ...collection, data, store };
}

/** A board's folders, live (unordered: the tree orders them). */
export function useFolders(
  teamId: number | undefined,
  boardId: string | undefined,
): RecordCollection<Folder> & { store: ReturnType<typeof foldersStore> | null } {
  const { profile } = useSession();
  const store =
    profile && teamId !== undefined && boardId !== undefined
      ? foldersStore(profile.id, teamId, boardId)
      : null;
  useConflictNotices(store);
  return { ...useRecordCollection(store), store };
}

export const boardLookupKey = (boardId: string) => ['board-lookup', boardId] as const;

/**
 * The workspace of a board named by its id alone (the board page's address): a board this tab
 * already holds (one made here, offline too), else the workspace this device remembers for it
 * (board-teams.ts), else `GET /api/boards/{id}`, which answers 404 for a board the user does not
 * see. `isRemembered` says the workspace came from memory: a screen that then does not find the
 * board there calls `forgetBoardTeam`, and the lookup asks the server.
 */
export function useBoardLookup(boardId: string | undefined) {
  const { profile } = useSession();
  useBoardTeamsVersion();
  const local = profile && boardId ? findOpenBoard(profile.id, boardId) : undefined;
  const remembered = profile && boardId && !local ? rememberedBoardTeam(profile.id, boardId) : undefined;
  const query = useQuery({
    queryKey: boardLookupKey(boardId ?? ''),
    queryFn: () => api.get<Board>(`/api/boards/${encodeURIComponent(boardId ?? '')}`),
    enabled: Boolean(boardId) && !local && remembered === undefined,
    retry: false,
  });
  const board = local ?? query.data;
  const teamId = board?.team_id ?? remembered;
  useEffect(() => {
    if (profile && boardId && board) rememberBoardTeam(profile.id, boardId, board.team_id);
  }, [profile, boardId, board]);
  return {
    board,
    teamId,
    isRemembered: !board && remembered !== undefined,
    error: local || remembered !== undefined ? null : query.error,
    isPending: teamId === undefined && query.isPending,
  };
}
