import { useMemo } from 'react';
import { readPush } from '../../lib/boards/record-push';
import { useChannel } from '../../lib/use-channel';
import { useDebouncedInvalidate } from '../../lib/use-debounced-invalidate';

/** Events of the board's channel that the board's log records. */
const BOARD_CHANNEL_EVENTS = [
  'item.created',
  'item.updated',
  'item.deleted',
  'attribute.created',
  'attribute.updated',
  'attribute.deleted',
] as const;
/** How long a push waits for more before the log is read again. */
const REFRESH_DELAY_MS = 200;
/** Events of the workspace's record channel that the board's log records. */
const RECORD_CHANNEL_EVENTS = [
  'board.updated',
  'folder.created',
  'folder.updated',
  'folder.deleted',
] as const;

/**
 * Whether a pushed change may have added to an item's log: a change of the item itself, or a
 * subitem created, moved or deleted under it (the item's log tells of its subitems' creation).
 * A push without data names nothing it changed, so it counts.
 */
export function touchesItemLog(payload: unknown, itemId: string): boolean {
  const push = readPush<{ parent_id?: string | null }>(payload);
  if (!push?.type.startsWith('item.')) return false;
  if (push.id === itemId || !push.data) return true;
  return push.data.parent_id === itemId;
}

/** Whether a push of the workspace's record channel is about this board (or names no board). */
export function touchesBoardLog(payload: unknown, boardId: string): boolean {
  const push = readPush<{ board_id?: string }>(payload);
  if (!push) return false;
  if (push.type.startsWith('board.')) return push.id === boardId;
  return !push.data || push.data.board_id === boardId;
}

/**
 * Keeps an activity feed live: the server writes a log entry in the same transaction as the change
 * it records and pushes the change after commit, to its author as to everyone else, so a push that
 * touches the feed means a newer entry is there to read. Reading on the push (not on the local,
 * optimistic copy, which changes before the server has written anything) shows one's own edits
 * made in the item panel as well as others'.
 */
export function useActivityLive(
  queryKey: readonly unknown[],
  teamId: number,
  boardId: string,
  itemId?: string,
) {
  // A burst of pushes (a bulk edit, a move with subitems) reads the log once, after the last.
  const refresh = useDebouncedInvalidate(queryKey, REFRESH_DELAY_MS);
  const handlers = useMemo(() => {
    const onBoardChannel = (payload: unknown) => {
      if (itemId === undefined || touchesItemLog(payload, itemId)) refresh();
    };
    const onRecordChannel = (payload: unknown) => {
      if (touchesBoardLog(payload, boardId)) refresh();
    };
    return {
      board: {
        ...Object.fromEntries(BOARD_CHANNEL_EVENTS.map((event) => [event, onBoardChannel])),
        // Subscribed again after the socket was down: what was pushed meanwhile never came.
        'pusher:subscription_succeeded': refresh,
      },
      records: Object.fromEntries(RECORD_CHANNEL_EVENTS.map((event) => [event, onRecordChannel])),
    };
  }, [refresh, boardId, itemId]);
  useChannel(`private-team.${teamId}.board.${boardId}`, handlers.board);
  // An item's log holds only item entries: folder and board changes do not reach it.
  useChannel(itemId === undefined ? `private-team.${teamId}.records` : null, handlers.records);
}
