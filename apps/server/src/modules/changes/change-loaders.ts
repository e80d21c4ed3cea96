import type { ChangedRecord, ChangeRecordType } from '@strata/contracts/changes';
import { and, eq, inArray } from 'drizzle-orm';
import { teamMembers } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import { permissionRecordId } from '../../events/change-log';
import { canViewBoard } from '../boards/board-access';
import { listVisibleBoardRecords } from '../boards/board-permissions.service';
import { findBoards, findFoldersWithBoards } from '../boards/boards.repo';
import { toBoard, toFolder } from '../boards/boards.shapes';
import { findVisibleFolderIds } from '../boards/folder-access';
import { attributeChangeLoader, itemChangeLoader } from '../items/item-change-loaders';
import { findPendingInvitations } from '../teams/invitations.repo';
import { toPendingInvitation } from '../teams/invitations.service';
import { toMember } from '../teams/members.service';
import { toPermissionRecord } from '../teams/permission-records.service';
import { countMembers, findWorkspaceRecord } from '../teams/teams.repo';
import { toTeam } from '../teams/teams.service';
import { viewChangeLoader } from '../views/view-change-loader';
import type { ChangedRef, ChangeLoader } from './change-loader-types';

const numericIds = (refs: readonly ChangedRef[]) => refs.map((ref) => Number(ref.id));
const seqById = (refs: readonly ChangedRef[]) => new Map(refs.map((ref) => [Number(ref.id), ref.changeSeq]));

export const CHANGE_LOADERS: Record<ChangeRecordType, ChangeLoader> = {
  team: {
    isVisible: () => true,
    toApiId: Number,
    async load(db, access, refs) {
      const team = access.team;
      if (!refs.some((ref) => Number(ref.id) === team.id)) return [];
      const counts = await countMembers(db, [team.id]);
      const data = toTeam(team, access.role, counts.get(team.id) ?? 0);
      return [{ type: 'team', id: team.id, row_version: team.rowVersion, data }];
    },
  },

  member: {
    isVisible: () => true,
    toApiId: Number,
    async load(db, access, refs) {
      const seqs = seqById(refs);
      const rows = await db
        .select({ user: users, role: teamMembers.role })
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(and(eq(teamMembers.teamId, access.team.id), inArray(teamMembers.userId, numericIds(refs))));
      return rows.map(({ user, role }) => ({
        type: 'member' as const,
        id: user.id,
        // Memberships have no row_version: the number of their last change only grows as well.
        row_version: seqs.get(user.id)!,
        data: toMember(user, role, access.team.ownerId),
      }));
    },
  },

  invitation: {
    // As GET .../members/invitations: those who may invite.
    isVisible: (access) => access.can('INVITE_MEMBERS'),
    toApiId: Number,
    async load(db, access, refs) {
      const seqs = seqById(refs);
      const rows = await findPendingInvitations(db, access.team.id, numericIds(refs));
      return rows.map(({ invitation, user }) => ({
        type: 'invitation' as const,
        id: user.id,
        row_version: seqs.get(user.id)!,
        data: toPendingInvitation(invitation, user),
      }));
    },
  },

  permission_record: {
    // The workspace's record for every member; a board's saved record as GET .../permissions
    // lists it: to those who see the board (for the others it is answered as deleted).
    isVisible: () => true,
    toApiId: String,
    async load(db, access, refs) {
      const records: ChangedRecord[] = [];
      const workspaceId = permissionRecordId('workspace', String(access.team.id));
      if (refs.some((ref) => ref.id === workspaceId)) {
        const data = toPermissionRecord(access.team.id, await findWorkspaceRecord(db, access.team.id));
        records.push({ type: 'permission_record', id: workspaceId, row_version: data.row_version, data });
      }
      const boardPrefix = permissionRecordId('board', '');
      const boardIds = refs
        .filter((ref) => ref.id.startsWith(boardPrefix))
        .map((ref) => ref.id.slice(boardPrefix.length));
      if (boardIds.length > 0) {
        for (const data of await listVisibleBoardRecords(db, access, boardIds)) {
          const id = permissionRecordId('board', data.resource_id);
          records.push({ type: 'permission_record', id, row_version: data.row_version, data });
        }
      }
      return records;
    },
  },

  board: {
    // As GET /api/{teamId}/boards: per board, a private one only to its members and the owner. A
    // board the caller cannot see is answered as deleted, so a member taken off it drops it.
    isVisible: () => true,
    toApiId: String,
    async load(db, access, refs) {
      const rows = await findBoards(
        db,
        access.team.id,
        refs.map((ref) => ref.id),
      );
      return rows
        .filter((row) => canViewBoard(access, row))
        .map((row) => ({
          type: 'board' as const,
          id: row.id,
          row_version: row.rowVersion,
          data: toBoard(row),
        }));
    },
  },

  folder: {
    // As GET .../boards/{boardId}/folders: live folders the caller sees (folder-access.ts); a
    // folder hidden or made private for them is answered as deleted.
    isVisible: () => true,
    toApiId: String,
    async load(db, access, refs) {
      const ids = refs.map((ref) => ref.id);
      const rows = await findFoldersWithBoards(db, access.team.id, ids);
      const visible = await findVisibleFolderIds(db, access, ids);
      return rows
        .filter(({ folder }) => visible.has(folder.id))
        .map(({ folder }) => ({
          type: 'folder' as const,
          id: folder.id,
          row_version: folder.rowVersion,
          data: toFolder(folder),
        }));
    },
  },

  attribute: attributeChangeLoader,
  item: itemChangeLoader,
  view: viewChangeLoader,
};

export function isChangeRecordType(type: string): type is ChangeRecordType {
  return Object.hasOwn(CHANGE_LOADERS, type);
}
