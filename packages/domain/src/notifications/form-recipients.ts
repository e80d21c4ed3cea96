/**
 * Who is told of an answer to a form (FormSubmittedNotification, docs/forms.md): the form's owner
 * and the people its settings name (`notify_user_ids`), each once, in that order; never the
 * person who answered (a member answering their own team's form knows), and only those who see
 * the answer's item.
 */
export function formSubmittedRecipients(options: {
  ownerId: number | null;
  notifyUserIds: readonly number[];
  actorId: number | null;
  canSee(userId: number): boolean;
}): number[] {
  const named =
    options.ownerId === null ? options.notifyUserIds : [options.ownerId, ...options.notifyUserIds];
  return [...new Set(named)].filter((id) => id !== options.actorId && options.canSee(id));
}
