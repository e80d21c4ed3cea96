import { randomUUID } from 'node:crypto';
import type { ButtonClick } from '@strata/contracts/automations';
import type { ButtonAction } from '@strata/domain/attributes/attribute-settings';
import { AppError } from '@strata/domain/errors';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema/users';
import { boardCan } from '../boards/board-access';
import { canEdit } from '../items/item-edit';
import { itemReads, requireVisibleFolder } from '../items/item-reads';
import { findItemAnyState } from '../items/items.repo';
import { toAttribute } from '../items/items.shapes';
import { runWrite } from '../records/write-scope';
import { performAction, type RunSubject } from './automation-actions';
import { AUTOMATION_RUN_JOB, insertRuns, type WantedRun } from './automation-trigger';
import { findEnabledAutomations } from './automations.repo';

/**
 * POST /api/{teamId}/items/{id}/buttons/{attributeId} (docs/automations.md, "Buttons"): a button
 * of the item's board clicked by someone who may edit the item. Its "set values" action is
 * performed by the automations' engine as the clicker (each value checked by its type, the
 * clicker's rights), and the board's automations it starts (its "run this automation", and those
 * whose trigger is this button) get a run each, in the same transaction: a click is one change.
 */
export async function clickButton(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  itemId: string;
  attributeId: string;
}): Promise<ButtonClick> {
  const { ctx, user } = options;
  const answer = await runWrite(ctx, user, options.teamId, async (scope) => {
    const { tx, access } = scope;
    const teamId = access.team.id;
    const item = await findItemAnyState(tx, teamId, options.itemId);
    if (!item || item.deletedAt) throw new AppError('NOT_FOUND');
    const reads = itemReads(scope);
    const { board } = await requireVisibleFolder(tx, access, item.folderId, reads.structure);
    const attributes = (await reads.boardAttributes(board.id)).map(toAttribute);
    const button = attributes.find((one) => one.id === options.attributeId && one.type === 'button');
    if (!button) throw new AppError('NOT_FOUND');
    if (!canEdit(boardCan(access, board), item, user.id)) throw new AppError('FORBIDDEN');
    const action = (button.settings as { action?: ButtonAction | null }).action ?? null;
    const occurrence = {
      kind: 'button_clicked' as const,
      item_id: item.id,
      folder_id: item.folderId,
      attribute_id: button.id,
    };
    if (action?.type === 'set_values') {
      const subject: RunSubject = {
        boardId: board.id,
        itemId: item.id,
        occurrence,
        actorId: user.id,
        attributes,
        automationName: button.name,
        timeZone: user.timezone ?? 'UTC',
      };
      for (const value of action.values)
        await performAction(
          scope,
          { kind: 'set_value', attribute_id: value.attribute_id, value: { kind: 'fixed', data: value.data } },
          subject,
        );
    }
    // Read in the transaction: on PGlite a query beside it would wait for the transaction's end.
    const started = (await findEnabledAutomations(tx, teamId, board.id)).filter(
      (automation) =>
        (action?.type === 'run_automation' && action.automation_id === automation.id) ||
        (automation.recipe.trigger.kind === 'button_clicked' &&
          automation.recipe.trigger.attribute_id === button.id),
    );
    const click = randomUUID();
    const runs: WantedRun[] = started.map((automation) => ({
      automation,
      runKey: `button:${click}`,
      itemId: item.id,
      occurrence,
      depth: 0,
      actorId: user.id,
    }));
    const written = await insertRuns(ctx, tx, runs);
    const after = await findItemAnyState(tx, teamId, item.id);
    return { item_row_version: after?.rowVersion ?? item.rowVersion, runs: written };
  });
  if (answer.runs > 0) ctx.jobs.wake(AUTOMATION_RUN_JOB);
  return answer;
}
