import type { PublicForm, PublicFormField } from '@strata/contracts/forms';
import type { AttributeType } from '@strata/domain/attributes/attribute-types';
import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import { type FormQuestion, formQuestions } from '@strata/domain/forms/form-answers';
import { formQuestionSettings } from '@strata/domain/forms/form-question-settings';
import { formClosedReason, MAX_FORM_FILES } from '@strata/domain/forms/form-settings';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { formAnswers } from '../../db/schema/form-answers';
import { teamMembers } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import { findBoardAttributesCached } from '../items/item-reads';
import { findPublishedView, type PublishedView } from '../views/published-view';

/** A shared form as its owner sees it: what answering it reads and writes with. */
export interface LiveForm extends PublishedView {
  questions: FormQuestion[];
}

/**
 * A form by its public id: a live, shared form view whose owner (its creator) still sees its
 * folder (findPublishedView). The form works with its owner's standing.
 */
export async function findLiveForm(ctx: AppContext, formId: string): Promise<LiveForm> {
  const found = await findPublishedView(ctx, formId, 'form', (settings) => settings.shared);
  const attributes = (
    await findBoardAttributesCached({ ctx, tx: ctx.db }, found.access.team.id, found.board.id)
  ).map(
    (row): AttributeDefinition => ({
      id: row.id,
      name: row.name,
      type: row.type as AttributeType,
      settings: row.settings,
    }),
  );
  return { ...found, questions: formQuestions(found.settings, attributes) };
}

/** How many answers the form has taken. */
export async function countFormAnswers(
  ctx: AppContext,
  form: LiveForm,
  db: DbOrTx = ctx.db,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(formAnswers)
    .where(and(eq(formAnswers.teamId, form.access.team.id), eq(formAnswers.viewId, form.view.id)));
  return row?.n ?? 0;
}

/** Why the form takes no answers now (closed or full), or null. */
export async function closedReason(ctx: AppContext, form: LiveForm): Promise<'closed' | 'full' | null> {
  const { settings } = form;
  const answers = settings.max_answers === null ? 0 : await countFormAnswers(ctx, form);
  const reason = formClosedReason(settings, answers, ctx.clock.now());
  return reason === 'not_shared' ? null : reason;
}

/** The members a members question lists: those who see the board, by name only. */
async function boardMemberNames(ctx: AppContext, form: LiveForm): Promise<{ id: number; name: string }[]> {
  const teamId = form.access.team.id;
  const where = form.board.isPrivate
    ? and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, form.board.userIds ?? []))
    : eq(teamMembers.teamId, teamId);
  return ctx.db
    .select({ id: users.id, name: users.name })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(where)
    .orderBy(users.name, users.id);
}

/** The form as a visitor gets it: its published questions only (contracts/forms.ts). */
export async function publicFormOf(
  ctx: AppContext,
  form: LiveForm,
  challenge: PublicForm['challenge'],
): Promise<PublicForm> {
  const { settings } = form;
  const asksMembers = form.questions.some((question) => question.attribute.type === 'members');
  const members = asksMembers ? await boardMemberNames(ctx, form) : [];
  const fields = form.questions.map((question): PublicFormField => {
    const { field, attribute } = question;
    const one: PublicFormField = {
      attribute_id: attribute.id,
      name: attribute.name,
      type: attribute.type as PublicFormField['type'],
      label: field.label?.trim() || attribute.name,
      help: field.help?.trim() || null,
      required: field.required === true,
      hidden: field.hidden === true,
      default: field.default ?? null,
      settings: formQuestionSettings(attribute),
    };
    if (attribute.type === 'members') one.members = members;
    return one;
  });
  return {
    id: form.view.id,
    title: settings.title || form.view.name,
    description: settings.description,
    cover: settings.cover,
    submit_label: settings.submit_label,
    closed: await closedReason(ctx, form),
    workspace: { name: form.access.team.name },
    fields,
    challenge,
    file_max_mb: ctx.config.attachmentMaxMb,
    max_files: MAX_FORM_FILES,
  };
}
