import type { Board, Folder } from '@strata/contracts/boards';
import type { Action } from '@strata/domain/permissions/actions';
import type { RecordStore } from '@strata/sync/records/record-types';
import { createContext, useContext } from 'react';

/** What the board page's parts share: the board, its folders and what the caller may do. */
export interface BoardView {
  board: Board;
  teamId: number;
  /** Unknown abilities answer false until the workspace's answer is in: nothing is offered too early. */
  can(action: Action): boolean;
  folders: readonly Folder[];
  foldersStore: RecordStore<Folder>;
  /** The server's list of folders has been applied (a folder missing now is really gone). */
  areFoldersLoaded: boolean;
}

export const BoardContext = createContext<BoardView | null>(null);

export function useBoardView(): BoardView {
  const view = useContext(BoardContext);
  if (!view) throw new Error('useBoardView outside the board page');
  return view;
}
