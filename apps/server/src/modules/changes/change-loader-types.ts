import type { ChangedRecord } from '@strata/contracts/changes';
import type { DbOrTx } from '../../db/client';
import type { TeamAccess } from '../teams/team-access-types';

/** A changed record to load: its id as record_changes holds it, and the number of its last change. */
export interface ChangedRef {
  id: string;
  changeSeq: number;
}

/**
 * How delta sync reads one record type: who may see it, and its current records in the shape of
 * the record's own GET. Every load is scoped by the caller's workspace. A new record type adds
 * an entry to CHANGE_LOADERS (change-loaders.ts) and a `noteChange` beside each of its writes.
 */
export interface ChangeLoader {
  /** Whether the caller may see records of this type (the same rule as the type's list route). */
  isVisible(access: TeamAccess): boolean;
  /** The id as the API names it (number or string). */
  toApiId(id: string): number | string;
  /** The records of these ids that exist; ids not found are answered as deleted. */
  load(db: DbOrTx, access: TeamAccess, refs: readonly ChangedRef[]): Promise<ChangedRecord[]>;
}
