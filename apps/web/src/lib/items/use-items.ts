import type { Attribute, Item } from '@strata/contracts/items';
import { useMemo } from 'react';
import { refreshTeamStores } from '../boards/boards-store';
import { catchUpTeam } from '../records/team-catch-up';
import { type RecordCollection, useRecordCollection } from '../records/use-record-collection';
import { useConflictNotices } from '../records/use-records';
import { useSession } from '../session';
import { useChannel } from '../use-channel';
import { applyBoardChannelEvent, attributesStore, itemsStore } from './items-store';

/** The events of a board's channel that its attributes and items follow. */
const BOARD_EVENTS = [
  'attribute.created',
  'attribute.updated',
  'attribute.deleted',
  'item.created',
  'item.updated',
  'item.deleted',
  'view.created',
  'view.updated',
  'view.deleted',
  // Their item's comment count (items-store.ts).
  'comment.created',
  'comment.deleted',
] as const;

/**
 * Keeps a board's open attributes and items live: the board's channel
 * (`private-team.{id}.board.{boardId}`, only those who see the board may listen) feeds the stores.
 */
export function useBoardChannel(teamId: number | undefined, boardId: string | undefined): void {
  const { profile } = useSession();
  const userId = profile?.id;
  const handlers = useMemo(() => {
    const ready = userId !== undefined && teamId !== undefined && boardId !== undefined;
    const apply = (payload: unknown) => {
      if (ready) applyBoardChannelEvent(userId, teamId, boardId, payload);
    };
    const catchUp = () => {
      if (ready) catchUpTeam(userId, teamId).catch(() => undefined);
    };
    // Access taken away (removed from a private board, a permission change): the hub drops the
    // subscription; the workspace's boards reload, and the board page then says it is not found.
    const revoked = () => {
      if (ready) void refreshTeamStores(userId, teamId);
    };
    return {
      ...Object.fromEntries(BOARD_EVENTS.map((event) => [event, apply])),
      'pusher:subscription_succeeded': catchUp,
      'pusher:subscription_error': revoked,
    };
  }, [userId, teamId, boardId]);
  useChannel(
    teamId === undefined || boardId === undefined ? null : `private-team.${teamId}.board.${boardId}`,
    handlers,
  );
}

const byOrder = (a: Attribute, b: Attribute) => {
  const x = a.sort_order ?? '';
  const y = b.sort_order ?? '';
  if (x !== y) return x < y ? -1 : 1;
  return a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0;
};

/** A board's attributes in their order (the name attribute first), live. */
export function useAttributes(
  teamId: number | undefined,
  boardId: string | undefined,
): RecordCollection<Attribute> & { store: ReturnType<typeof attributesStore> | null } {
  const { profile } = useSession();
  const store =
    profile && teamId !== undefined && boardId !== undefined
      ? attributesStore(profile.id, teamId, boardId)
      : null;
  useConflictNotices(store);
  const collection = useRecordCollection(store);
  const data = useMemo(() => {
    if (!collection.data) return undefined;
    const live = collection.data.filter((attribute) => !attribute.deleted);
    const primary = live.filter((attribute) => attribute.settings.primary === true);
    return [...primary, ...live.filter((attribute) => attribute.settings.primary !== true).sort(byOrder)];
  }, [collection.data]);
  return { ...collection, data, store };
}

/** A folder's items (subitems included), live. */
export function useItems(
  teamId: number | undefined,
  boardId: string | undefined,
  folderId: string | undefined,
): RecordCollection<Item> & { store: ReturnType<typeof itemsStore> | null } {
  const { profile } = useSession();
  const store =
    profile && teamId !== undefined && boardId !== undefined && folderId !== undefined
      ? itemsStore(profile.id, teamId, boardId, folderId)
      : null;
  useConflictNotices(store);
  const collection = useRecordCollection(store);
  const data = useMemo(() => collection.data?.filter((item) => !item.deleted), [collection.data]);
  return { ...collection, data, store };
}
