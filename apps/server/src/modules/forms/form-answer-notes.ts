import type { DbOrTx } from '../../db/client';
import { formAnswers } from '../../db/schema/form-answers';

/** The note of one form answer, written with its item. */
export type NewFormAnswer = typeof formAnswers.$inferInsert & { challengeHash: string };

/**
 * Notes answers in one statement and answers the challenge hashes it wrote: a challenge already
 * spent (by an earlier answer, or by one before it in `answers`) is not written again, and its
 * answer must not be taken.
 */
export async function insertFormAnswers(tx: DbOrTx, answers: readonly NewFormAnswer[]): Promise<Set<string>> {
  if (answers.length === 0) return new Set();
  const seen = new Set<string>();
  const first = answers.filter((answer) => !seen.has(answer.challengeHash) && seen.add(answer.challengeHash));
  const rows = await tx
    .insert(formAnswers)
    .values(first)
    .onConflictDoNothing()
    .returning({ challengeHash: formAnswers.challengeHash });
  return new Set(rows.map((row) => row.challengeHash));
}
