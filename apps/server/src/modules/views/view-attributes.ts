import type { AttributeType } from '@strata/domain/attributes/attribute-types';
import type { ViewAttribute } from '@strata/domain/views/view-rows';
import type { DbOrTx } from '../../db/client';
import { findBoardAttributes } from '../items/items.repo';

/** A board's live attributes as the view engine reads them (filters, calendar model). */
export async function readViewAttributes(
  db: DbOrTx,
  teamId: number,
  boardId: string,
): Promise<ViewAttribute[]> {
  return (await findBoardAttributes(db, teamId, boardId)).map((row) => ({
    id: row.id,
    name: row.name,
    type: row.type as AttributeType,
    settings: row.settings,
  }));
}
