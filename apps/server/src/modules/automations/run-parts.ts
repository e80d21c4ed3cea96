import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import { passesFilters } from '@strata/domain/views/view-rows';
import type { AppContext } from '../../context';
import type { AutomationRow, AutomationRunRow } from '../../db/schema/automations';
import type { ItemRow } from '../../db/schema/items';
import type { WriteOrigin } from '../../events/write-origin';
import { findBoardAttributesCached } from '../items/item-reads';
import { toAttribute, toItem } from '../items/items.shapes';
import type { RunSubject } from './automation-actions';

/** What a run and a batch of runs share: the board's attributes as recipes see them. */
export async function runAttributes(
  ctx: AppContext,
  teamId: number,
  boardId: string,
): Promise<AttributeDefinition[]> {
  return (await findBoardAttributesCached({ ctx, tx: ctx.db }, teamId, boardId)).map((row) => {
    const attribute = toAttribute(row);
    return { id: attribute.id, name: attribute.name, type: attribute.type, settings: attribute.settings };
  });
}

/** Who a run's writes are by: Autobot via the automation, one step deeper in the chain. */
export const runOrigin = (ctx: AppContext, automation: AutomationRow, depth: number): WriteOrigin => ({
  actorId: ctx.autobotId,
  automation: { id: automation.id, name: automation.name },
  depth: depth + 1,
});

/** What a run's actions act on. */
export const runSubject = (
  automation: AutomationRow,
  run: AutomationRunRow,
  attributes: readonly AttributeDefinition[],
  timeZone: string,
): RunSubject => ({
  boardId: automation.boardId,
  itemId: run.itemId,
  occurrence: run.occurrence as unknown as RunSubject['occurrence'],
  actorId: run.actorId,
  attributes,
  automationName: automation.name,
  timeZone,
});

/** Whether the recipe's conditions hold for the item now (the views' filter rules). */
export function conditionsHold(
  automation: AutomationRow,
  item: ItemRow,
  attributes: readonly AttributeDefinition[],
  at: { timeZone: string; now: Date },
): boolean {
  const { recipe } = automation;
  if (recipe.conditions.length === 0) return true;
  return passesFilters({
    item: toItem(item),
    attributes,
    rules: { filters: recipe.conditions, filter_match: recipe.condition_match },
    context: { timeZone: at.timeZone, now: at.now.getTime() },
  });
}
