import type { DbOrTx } from '../../db/client';
import { formAnswers } from '../../db/schema/form-answers';
import { recordEvents, userChannel } from '../../events/outbox';

/** The event that tells the notification producer of an answer (FormSubmittedNotification). */
export const FORM_SUBMITTED_EVENT = 'form.submitted';

/** The note of one form answer, written with its item; `ownerId` is the form's owner. */
export type NewFormAnswer = typeof formAnswers.$inferInsert & {
  challengeHash: string;
  ownerId: number;
  /** Where the answer's item goes (the event names them: automations read no row to know). */
  boardId: string;
  folderId: string;
};

/**
 * Notes answers in one statement and answers the challenge hashes it wrote: a challenge already
 * spent (by an earlier answer, or by one before it in `answers`) is not written again, and its
 * answer must not be taken. Each answer noted records `form.submitted` (payload: the form's id,
 * the item's, and its board and folder) for the producer, on the owner's own channel: an answer is not news for the
 * whole board, whose members see the item arrive anyway.
 */
export async function insertFormAnswers(tx: DbOrTx, answers: readonly NewFormAnswer[]): Promise<Set<string>> {
  if (answers.length === 0) return new Set();
  const seen = new Set<string>();
  const first = answers.filter((answer) => !seen.has(answer.challengeHash) && seen.add(answer.challengeHash));
  const rows = await tx
    .insert(formAnswers)
    .values(first.map(({ ownerId: _owner, boardId: _board, folderId: _folder, ...row }) => row))
    .onConflictDoNothing()
    .returning({ challengeHash: formAnswers.challengeHash });
  const noted = new Set(rows.map((row) => row.challengeHash));
  await recordEvents(
    tx,
    first
      .filter((answer) => noted.has(answer.challengeHash))
      .map((answer) => ({
        teamId: answer.teamId,
        type: FORM_SUBMITTED_EVENT,
        channel: userChannel(answer.ownerId),
        actorId: answer.userId ?? null,
        payload: {
          id: answer.viewId,
          item_id: answer.itemId,
          board_id: answer.boardId,
          folder_id: answer.folderId,
        },
      })),
  );
  return noted;
}
