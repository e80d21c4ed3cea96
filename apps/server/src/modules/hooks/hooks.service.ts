import { randomBytes } from 'node:crypto';
import type { Hook, MyHook, patchHookBody, saveHookBody } from '@strata/contracts/hooks';
import { AppError } from '@strata/domain/errors';
import { refusedAddress } from '@strata/domain/webhooks/address-guard';
import { SECRET_OVERLAP_MS } from '@strata/domain/webhooks/delivery-schedule';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { noteInvalidation } from '../../cache/commit-hooks';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { type HookRow, hooks } from '../../db/schema/hooks';
import type { UserRow } from '../../db/schema/users';
import { invalidFields } from '../../http/field-errors';
import { isExemptHost } from '../../lib/outgoing-agent';
import { openSecret, sealSecret } from '../../lib/secret-box';
import { requireManagedBoard } from '../automations/automations.service';
import { runWrite, type WriteScope } from '../records/write-scope';
import { getTeamAccess } from '../teams/team-access';
import type { TeamAccess } from '../teams/team-access-types';
import { HOOK_DELIVERY_JOB, type HookDeliveryJob } from './hook-fanout';
import { findBoardHooks, findHook, findHooksOfUser, isHookIdTaken } from './hooks.repo';

type SaveHookBody = z.infer<typeof saveHookBody>;
type PatchHookBody = z.infer<typeof patchHookBody>;

/** A new signing secret: `whsec_` and 24 random bytes in base64 (Standard Webhooks). */
export const newHookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** The refusal of an address the server may not call (a field error at `url`). */
export const ADDRESS_NOT_ALLOWED =
  'This address is not allowed: it leads to this server or a private network.';

/**
 * An address hooks may send to: public (the domain's address guard), or on a host the operator
 * named (WEBHOOK_ALLOW_HOSTS). Checked on save; the SSRF agent checks again where a name resolves.
 */
export function requireAllowedAddress(ctx: AppContext, url: string): void {
  if (isExemptHost(new URL(url), ctx.config.webhookAllowHosts)) return;
  if (refusedAddress(url)) throw invalidFields([{ path: 'url', message: ADDRESS_NOT_ALLOWED }]);
}

/** A hook as the API shows it (with its secret, to those who manage it). */
export async function toHook(ctx: AppContext, row: HookRow): Promise<Hook> {
  return {
    id: row.id,
    object: 'hook',
    team_id: row.teamId,
    board_id: row.boardId,
    user_id: row.userId,
    url: row.url,
    events: row.events as Hook['events'],
    secret: await openSecret(ctx, row.secret),
    enabled: row.enabled,
    off_reason: (row.offReason as Hook['off_reason']) ?? null,
    failing_since: row.failingSince?.toISOString() ?? null,
    last_delivery_at: row.lastDeliveryAt?.toISOString() ?? null,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted: row.deletedAt !== null,
    row_version: row.rowVersion,
  };
}

/**
 * A live hook of the workspace on a board whose automations the caller manages (hooks follow
 * that permission: docs/webhooks.md); else 404 (or 403 when they see the board but may not).
 */
export async function requireManagedHook(db: DbOrTx, access: TeamAccess, id: string): Promise<HookRow> {
  const hook = await findHook(db, access.team.id, id);
  if (!hook || hook.deletedAt) throw new AppError('NOT_FOUND');
  await requireManagedBoard(db, access, hook.boardId);
  return hook;
}

/** GET /api/me/hooks: the hooks the caller made, in the workspaces they belong to. */
export async function listMyHooks(ctx: AppContext, user: UserRow): Promise<MyHook[]> {
  const rows = await findHooksOfUser(ctx.db, user.id);
  return Promise.all(
    rows.map(async ({ hook, boardName, teamName }) => ({
      ...(await toHook(ctx, hook)),
      board_name: boardName,
      team_name: teamName,
    })),
  );
}

/** GET /api/{teamId}/boards/{boardId}/hooks: a board's hooks (MANAGE_AUTOMATIONS). */
export async function listBoardHooks(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  boardId: string;
}): Promise<Hook[]> {
  const { ctx } = options;
  const access = await getTeamAccess(ctx, options.teamId, options.user);
  const board = await requireManagedBoard(ctx.db, access, options.boardId);
  const rows = await findBoardHooks(ctx.db, access.team.id, board.id);
  return Promise.all(rows.map((row) => toHook(ctx, row)));
}

/**
 * PUT /api/{teamId}/hooks/{id}: creates (row_version 1, with a new secret, made by the caller) or
 * updates (compare-and-set) a hook of a board whose automations the caller manages. Switching it
 * on clears why the server switched it off and its failing streak.
 */
export async function putHook(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  id: string;
  body: SaveHookBody;
}): Promise<Hook> {
  const { ctx, user, id, body } = options;
  requireAllowedAddress(ctx, body.url);
  // Sealed before the transaction: the key may have to be read (on PGlite, not from inside one).
  const secret = await sealSecret(ctx, newHookSecret());
  const row = await runWrite(ctx, user, options.teamId, async (scope) => {
    const { tx, access, now } = scope;
    const teamId = access.team.id;
    const board = await requireManagedBoard(tx, access, body.board_id);
    const existing = await findHook(tx, teamId, id);
    if (existing && (existing.deletedAt || existing.boardId !== board.id)) throw new AppError('NOT_FOUND');
    if (!existing) {
      if (body.row_version !== 1) throw new AppError('NOT_FOUND');
      if (await isHookIdTaken(tx, id)) throw new AppError('CONFLICT');
      const [created] = await tx
        .insert(hooks)
        .values({
          id,
          teamId,
          boardId: board.id,
          userId: user.id,
          url: body.url,
          events: body.events,
          secret,
          enabled: body.enabled,
          createdBy: user.id,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!created) throw new AppError('CONFLICT');
      noteInvalidation(tx, { scope: 'hooks', teamId });
      return created;
    }
    if (existing.rowVersion !== body.row_version - 1)
      throw new AppError('CONFLICT', { current: await toHook(ctx, existing) });
    return updateHook(scope, existing, { url: body.url, events: body.events, enabled: body.enabled });
  });
  return toHook(ctx, row);
}

/** PATCH /api/{teamId}/hooks/{id}: changes what is sent; `rotate_secret` makes a new secret. */
export async function patchHook(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  id: string;
  body: PatchHookBody;
}): Promise<Hook> {
  const { ctx, body } = options;
  if (body.url !== undefined) requireAllowedAddress(ctx, body.url);
  const secret = body.rotate_secret ? await sealSecret(ctx, newHookSecret()) : undefined;
  const row = await runWrite(ctx, options.user, options.teamId, async (scope) => {
    const hook = await requireManagedHook(scope.tx, scope.access, options.id);
    return updateHook(scope, hook, {
      url: body.url ?? hook.url,
      events: body.events ?? hook.events,
      enabled: body.enabled ?? hook.enabled,
      secret,
    });
  });
  return toHook(ctx, row);
}

async function updateHook(
  scope: WriteScope,
  hook: HookRow,
  next: { url: string; events: string[]; enabled: boolean; secret?: string },
): Promise<HookRow> {
  const { tx, now } = scope;
  const switchedOn = next.enabled && !hook.enabled;
  const [row] = await tx
    .update(hooks)
    .set({
      url: next.url,
      events: next.events,
      enabled: next.enabled,
      ...(switchedOn || (next.enabled && hook.offReason) ? { offReason: null, failingSince: null } : {}),
      // A new secret: the one it replaces keeps signing beside it for a day.
      ...(next.secret
        ? {
            secret: next.secret,
            previousSecret: hook.secret,
            previousSecretUntil: new Date(now.getTime() + SECRET_OVERLAP_MS),
          }
        : {}),
      updatedAt: now,
      rowVersion: sql`${hooks.rowVersion} + 1`,
    })
    .where(and(eq(hooks.teamId, hook.teamId), eq(hooks.id, hook.id), eq(hooks.rowVersion, hook.rowVersion)))
    .returning();
  if (!row) throw new AppError('CONFLICT');
  noteInvalidation(tx, { scope: 'hooks', teamId: hook.teamId });
  // Switched on again: what waited while it was off goes out now.
  if (switchedOn)
    await scope.ctx.jobs.enqueue<HookDeliveryJob>(tx, HOOK_DELIVERY_JOB, {
      teamId: hook.teamId,
      hookId: hook.id,
    });
  return row;
}

/** DELETE /api/{teamId}/hooks/{id}: the hook is gone, its deliveries not yet sent with it. */
export async function removeHook(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  id: string;
}): Promise<void> {
  await runWrite(options.ctx, options.user, options.teamId, async ({ tx, access, now }) => {
    const hook = await requireManagedHook(tx, access, options.id);
    await tx
      .update(hooks)
      .set({ deletedAt: now, updatedAt: now, enabled: false, rowVersion: sql`${hooks.rowVersion} + 1` })
      .where(and(eq(hooks.teamId, hook.teamId), eq(hooks.id, hook.id)));
    noteInvalidation(tx, { scope: 'hooks', teamId: hook.teamId });
  });
}
