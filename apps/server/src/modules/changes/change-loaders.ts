import type { ChangedRecord, ChangeRecordType } from '@strata/contracts/changes';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { teamMembers } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import { permissionRecordId } from '../../events/change-log';
import { boardCan, canViewBoard } from '../boards/board-access';
import { findBoards, findFoldersWithBoards } from '../boards/boards.repo';
import { toBoard, toFolder } from '../boards/boards.shapes';
import { findPendingInvitations } from '../teams/invitations.repo';
import { toPendingInvitation } from '../teams/invitations.service';
import { toMember } from '../teams/members.service';
import { toPermissionRecord } from '../teams/permission-records.service';
import type { TeamAccess } from '../teams/team-access';
import { countMembers, findWorkspaceRecord } from '../teams/teams.repo';
import { toTeam } from '../teams/teams.service';

/** A changed record to load: its id as record_changes holds it, and the number of its last change. */
export interface ChangedRef {
  id: string;
  changeSeq: number;
}

/**
 * How delta sync reads one record type: who may see it, and its current records in the shape of
 * the record's own GET. Every load is scoped by the caller's workspace. A new record type adds
 * an entry here and a `noteChange` beside each of its writes.
 */
export interface ChangeLoader {
  /** Whether the caller may see records of this type (the same rule as the type's list route). */
  isVisible(access: TeamAccess): boolean;
  /** The id as the API names it (number or string). */
  toApiId(id: string): number | string;
  /** The records of these ids that exist; ids not found are answered as deleted. */
  load(db: DbOrTx, access: TeamAccess, refs: readonly ChangedRef[]): Promise<ChangedRecord[]>;
}

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
    isVisible: () => true,
    toApiId: String,
    async load(db, access, refs) {
      // Workspaces are the only resources with records so far.
      const id = permissionRecordId('workspace', String(access.team.id));
      if (!refs.some((ref) => ref.id === id)) return [];
      const data = toPermissionRecord(access.team.id, await findWorkspaceRecord(db, access.team.id));
      return [{ type: 'permission_record', id, row_version: data.row_version, data }];
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
    // As GET .../boards/{boardId}/folders: folders of live boards the caller sees.
    isVisible: () => true,
    toApiId: String,
    async load(db, access, refs) {
      const rows = await findFoldersWithBoards(
        db,
        access.team.id,
        refs.map((ref) => ref.id),
      );
      return rows
        .filter(({ board }) => {
          const can = boardCan(access, board);
          return can('VIEW_BOARD') && can('VIEW_FOLDER');
        })
        .map(({ folder }) => ({
          type: 'folder' as const,
          id: folder.id,
          row_version: folder.rowVersion,
          data: toFolder(folder),
        }));
    },
  },
};

export function isChangeRecordType(type: string): type is ChangeRecordType {
  return Object.hasOwn(CHANGE_LOADERS, type);
}
