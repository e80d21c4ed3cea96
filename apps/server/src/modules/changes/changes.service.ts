import type { ChangedRecord, ChangeRecordType, ChangesPage, DeletedRecord } from '@strata/contracts/changes';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema/users';
import { getTeamAccess } from '../teams/team-access';
import type { ChangedRef } from './change-loader-types';
import { CHANGE_LOADERS, isChangeRecordType } from './change-loaders';
import { findChangesSince, hasAccessChangedSince } from './changes.repo';

/**
 * What changed in a workspace after the caller's cursor (delta sync), in change_seq order, as far
 * as the caller may see. Everything is read in one REPEATABLE READ snapshot: the cursor answered
 * covers exactly the changes read, and writes commit in change_seq order (see noteChanges), so a
 * later pull from it misses nothing.
 *
 * The server starts over (`reset`, everything current, no tombstones) when the cursor is ahead of
 * the workspace's sequence (a restored or reset database), and when what decides the caller's
 * view changed in between (their membership, a permission record): records they may now see or
 * no longer see did not change themselves, so no delta would carry them.
 */
export async function getChanges(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  since: number;
  limit: number;
}): Promise<ChangesPage> {
  const { ctx, user, teamId, limit } = options;
  return ctx.db.transaction(
    async (tx) => {
      const access = await getTeamAccess(ctx, teamId, user, tx);
      const head = access.team.changeSeq;
      const reset =
        options.since > head ||
        (options.since > 0 && (await hasAccessChangedSince(tx, access.team.id, user.id, options.since)));
      const since = reset ? 0 : options.since;
      const rows = await findChangesSince(tx, access.team.id, {
        since,
        limit: limit + 1,
        withDeleted: since > 0,
      });
      const hasMore = rows.length > limit;
      const page = hasMore ? rows.slice(0, limit) : rows;

      const wanted = new Map<ChangeRecordType, ChangedRef[]>();
      const deleted: DeletedRecord[] = [];
      for (const row of page) {
        if (!isChangeRecordType(row.recordType)) continue;
        const loader = CHANGE_LOADERS[row.recordType];
        if (!loader.isVisible(access)) continue;
        if (row.deleted) deleted.push({ type: row.recordType, id: loader.toApiId(row.recordId) });
        else {
          const refs = wanted.get(row.recordType) ?? [];
          refs.push({ id: row.recordId, changeSeq: row.changeSeq });
          wanted.set(row.recordType, refs);
        }
      }

      const changes: (ChangedRecord & { seq: number })[] = [];
      for (const [type, refs] of wanted) {
        const loader = CHANGE_LOADERS[type];
        const loaded = await loader.load(tx, access, refs);
        const seqs = new Map(refs.map((ref) => [ref.id, ref.changeSeq]));
        for (const record of loaded) changes.push({ ...record, seq: seqs.get(String(record.id)) ?? 0 });
        // Noted as present but not there (an invitation past its state, say): the client drops it.
        if (loaded.length < refs.length) {
          const found = new Set(loaded.map((record) => String(record.id)));
          for (const ref of refs) if (!found.has(ref.id)) deleted.push({ type, id: loader.toApiId(ref.id) });
        }
      }
      return {
        cursor: hasMore ? page.at(-1)!.changeSeq : head,
        has_more: hasMore,
        reset,
        // In the order they happened, as the rows were read.
        changes: changes
          .sort((a, b) => a.seq - b.seq)
          .map(({ seq: _seq, ...record }) => record as ChangedRecord),
        deleted,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
