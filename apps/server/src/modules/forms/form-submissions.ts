import { randomUUID } from 'node:crypto';
import type { Multipart } from '@fastify/multipart';
import type { FormSubmission, FormSubmitted } from '@strata/contracts/forms';
import { AppError } from '@strata/domain/errors';
import { formAnswerValues } from '@strata/domain/forms/form-answers';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema/users';
import { folderViews } from '../../db/schema/views';
import { invalidFields } from '../../http/field-errors';
import { boardCan } from '../boards/board-access';
import type { ItemCreateBatcher } from '../items/item-create-batcher';
import { putItem } from '../items/items.service';
import { runWrite } from '../records/write-scope';
import { findTeamAccess } from '../teams/team-access';
import { insertFormAnswers, type NewFormAnswer } from './form-answer-notes';
import { checkChallenge } from './form-challenges';
import { discardFormUploads, type FormUploads, NO_UPLOADS, storeFormUploads } from './form-uploads';
import { closedReason, countFormAnswers, findLiveForm, type LiveForm } from './public-form';

/**
 * Who writes an answer's item: the signed-in person when they may create items on the form's
 * board (the item is then theirs), else the form's owner, whose form it is.
 */
async function answeringUser(ctx: AppContext, form: LiveForm, user: UserRow | null): Promise<UserRow> {
  if (!user || user.id === form.owner.id) return form.owner;
  const access = await findTeamAccess(ctx.db, form.access.team.id, user);
  return access && boardCan(access, form.board)('CREATE_ITEMS') ? user : form.owner;
}

/**
 * One answer to a public form (docs/forms.md): the challenge solved and not spent, the form open,
 * only its questions answered and the required ones given, then an item in the form's folder
 * through the item write path (each value checked by its type; events, activity and live updates
 * as for any new item) and the answer noted with the challenge's hash, in one transaction. A
 * filled honeypot is answered as a success and writes nothing: a robot learns nothing from it.
 */
export async function submitFormAnswer(options: {
  ctx: AppContext;
  formId: string;
  body: FormSubmission;
  user: UserRow | null;
  /** The group commit of item creates the answers' items are written by. */
  creates: ItemCreateBatcher;
  /** The files sent with the answer (multipart parts after `submission`), if any. */
  files?: AsyncIterable<Multipart>;
}): Promise<FormSubmitted> {
  const { ctx, body } = options;
  const form = await findLiveForm(ctx, options.formId);
  const challengeHash = await checkChallenge(ctx, form.view.id, body.challenge);
  const after = { ok: true as const, after: form.settings.after };
  if (body.website?.trim()) return after;
  const closed = await closedReason(ctx, form);
  if (closed) throw new AppError('FORM_CLOSED');
  const actor = await answeringUser(ctx, form, options.user);
  const teamId = form.access.team.id;
  // Files are stored only once the challenge holds and the form is open; a refused answer
  // removes them again.
  const uploads = options.files ? await storeFormUploads(ctx, form, actor.id, options.files) : NO_UPLOADS;
  try {
    await writeFormAnswer(options, form, actor, challengeHash, uploads);
  } catch (error) {
    await discardFormUploads(ctx, teamId, uploads);
    throw error;
  }
  return after;
}

/** The answer's item and its note, written with the group commit unless the form counts its answers. */
async function writeFormAnswer(
  options: { ctx: AppContext; body: FormSubmission; user: UserRow | null; creates: ItemCreateBatcher },
  form: LiveForm,
  actor: UserRow,
  challengeHash: string,
  uploads: FormUploads,
): Promise<void> {
  const { ctx, body } = options;
  const answer = formAnswerValues(form.questions, body.values, uploads.byQuestion);
  if ('errors' in answer) throw invalidFields(answer.errors);
  const teamId = form.access.team.id;
  const itemId = randomUUID();
  const values = Object.fromEntries(Object.entries(answer.values).map(([id, data]) => [id, { data }]));
  const save = { folder_id: form.folder.id, values, row_version: 1 };
  const note: NewFormAnswer = {
    teamId,
    viewId: form.view.id,
    itemId,
    // The answer of a visitor is anonymous, even when the form's owner writes its item.
    userId: actor.id === options.user?.id ? actor.id : null,
    challengeHash,
    ownerId: form.owner.id,
    boardId: form.folder.boardId,
    folderId: form.folder.id,
  };
  // Answers arriving together are written together, as item creates are (group commit); a form
  // with a cap on its answers counts them one after the other instead.
  if (form.settings.max_answers === null) {
    const outcome = await options.creates.submit(actor, teamId, itemId, save, undefined, note);
    if (outcome.kind === 'written') return;
  }
  await runWrite(ctx, actor, teamId, async (scope) => {
    const { max_answers: maxAnswers } = form.settings;
    if (maxAnswers !== null) {
      await scope.tx.execute(
        sql`SELECT id FROM ${folderViews} WHERE ${and(eq(folderViews.teamId, teamId), eq(folderViews.id, form.view.id))} FOR UPDATE`,
      );
      if ((await countFormAnswers(ctx, form, scope.tx)) >= maxAnswers) throw new AppError('FORM_CLOSED');
    }
    if (!(await insertFormAnswers(scope.tx, [note])).has(challengeHash))
      throw new AppError('CHALLENGE_FAILED');
    await putItem(scope, itemId, save);
  });
}
