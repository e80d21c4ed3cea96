/**
 * Who may do what with a comment (spec section 6: add, delete, pin comments), read by the server
 * to refuse and by the web app to offer, so both answer the same.
 */
export type CommentPermission = 'ADD_COMMENTS' | 'DELETE_COMMENTS' | 'PIN_COMMENTS';

export interface CommentOwnership {
  createdBy: number | null;
  /** A visitor of a public board wrote it (in the name of `createdBy`, who shared the board). */
  visitorName?: string | null;
}

/**
 * Editing a comment is its author's alone, while they may still comment on the board; a
 * visitor's comment is no member's words to change (it can be deleted).
 */
export function mayEditComment(
  comment: CommentOwnership,
  userId: number,
  can: (permission: CommentPermission) => boolean,
): boolean {
  return comment.createdBy === userId && !comment.visitorName && can('ADD_COMMENTS');
}

/** The author deletes their own (while they may comment); anyone's needs DELETE_COMMENTS. */
export function mayDeleteComment(
  comment: CommentOwnership,
  userId: number,
  can: (permission: CommentPermission) => boolean,
): boolean {
  if (can('DELETE_COMMENTS')) return true;
  return comment.createdBy === userId && can('ADD_COMMENTS');
}

/** Replies are one level deep: a reply to a reply attaches to the comment that one replies to. */
export function replyRootId(parent: { id: string; parentId: string | null }): string {
  return parent.parentId ?? parent.id;
}

/** Reactions a comment takes: one emoji (a grapheme of up to 16 code units), as its text. */
export const MAX_REACTION_LENGTH = 16;
/** The longest comment HTML accepted, after sanitising. */
export const MAX_COMMENT_HTML_LENGTH = 65_535;
/** Items per `comments/multiple` call (spec: up to 100). */
export const MAX_COMMENT_ITEMS = 100;
