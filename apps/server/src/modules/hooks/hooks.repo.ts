import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { boards } from '../../db/schema/boards';
import { type HookRow, hooks } from '../../db/schema/hooks';
import { teamMembers, teams } from '../../db/schema/teams';

/** A hook of the workspace in any state (a deleted one too: its id stays taken). */
export async function findHook(db: DbOrTx, teamId: number, id: string): Promise<HookRow | undefined> {
  const [row] = await db
    .select()
    .from(hooks)
    .where(and(eq(hooks.teamId, teamId), eq(hooks.id, id)))
    .limit(1);
  return row;
}

/** Whether any workspace has a hook with this id (ids are global). */
export async function isHookIdTaken(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: hooks.id }).from(hooks).where(eq(hooks.id, id)).limit(1);
  return row !== undefined;
}

/** A board's live hooks, oldest first. */
export function findBoardHooks(db: DbOrTx, teamId: number, boardId: string): Promise<HookRow[]> {
  return db
    .select()
    .from(hooks)
    .where(and(eq(hooks.teamId, teamId), eq(hooks.boardId, boardId), isNull(hooks.deletedAt)))
    .orderBy(asc(hooks.createdAt), asc(hooks.id));
}

/** A board's live hooks that are on: what its events are delivered to. */
export function findEnabledHooks(db: DbOrTx, teamId: number, boardId: string): Promise<HookRow[]> {
  return db
    .select()
    .from(hooks)
    .where(
      and(
        eq(hooks.teamId, teamId),
        eq(hooks.boardId, boardId),
        eq(hooks.enabled, true),
        isNull(hooks.deletedAt),
      ),
    )
    .orderBy(asc(hooks.createdAt), asc(hooks.id));
}

/**
 * The live hooks a person made on live boards of the workspaces they are still a member of, with
 * the board's and the workspace's names.
 */
export function findHooksOfUser(db: DbOrTx, userId: number) {
  return db
    .select({ hook: hooks, boardName: boards.name, teamName: teams.name })
    .from(hooks)
    .innerJoin(boards, and(eq(boards.teamId, hooks.teamId), eq(boards.id, hooks.boardId)))
    .innerJoin(teams, eq(teams.id, hooks.teamId))
    .innerJoin(teamMembers, and(eq(teamMembers.teamId, hooks.teamId), eq(teamMembers.userId, userId)))
    .where(and(eq(hooks.userId, userId), isNull(hooks.deletedAt), isNull(boards.deletedAt)))
    .orderBy(asc(hooks.createdAt), asc(hooks.id));
}
