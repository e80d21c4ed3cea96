import {
  MAX_COMMENT_HTML_LENGTH,
  MAX_COMMENT_ITEMS,
  MAX_REACTION_LENGTH,
} from '@strata/domain/comments/comment-rules';
import { z } from 'zod';
import { teamParams } from './boards';
import { MAX_INT4, syncedRecordFields } from './common';
import { uuidId } from './items';

export const commentPaths = {
  multiple: '/api/:teamId/comments/multiple',
  comment: '/api/:teamId/comments/:id',
  pin: '/api/:teamId/comments/:id/pin',
  reaction: '/api/:teamId/comment-reaction/:id',
} as const;

export const commentParams = teamParams.extend({ id: uuidId });

/** One emoji's reactions on a comment: how many and who, in the order they reacted. */
export const commentReactionSummarySchema = z.object({
  reaction: z.string(),
  count: z.number().int(),
  user_ids: z.array(z.number().int()),
});

const commentFields = {
  id: z.string(),
  object: z.literal('comment'),
  team_id: z.number().int(),
  board_id: z.string(),
  folder_id: z.string(),
  item_id: z.string(),
  /** The root comment a reply answers; null for a root comment. */
  parent_id: z.string().nullable(),
  text: z.object({ html: z.string() }),
  pinned: z.boolean(),
  /** The users the text mentions (its mention elements), for screens and notifications. */
  mentions: z.array(z.number().int()),
  reactions: z.array(commentReactionSummarySchema),
  /** When the text last changed after it was written; null if never. */
  edited_at: z.string().nullable(),
  /**
   * A visitor of a public board wrote it, under this name (in the name of the member who shared
   * the board, `created_by`); absent for members' comments.
   */
  visitor_name: z.string().optional(),
  ...syncedRecordFields,
};

/** A reply (one level deep: replies have no replies). */
export const commentReplySchema = z.object(commentFields);

/**
 * A comment (spec section 3): its text as sanitised HTML, pinned, reactions and, in lists, its
 * replies oldest first with their count.
 */
export const commentSchema = z.object({
  ...commentFields,
  replies: z.array(commentReplySchema).optional(),
  replies_count: z.number().int().optional(),
});
export type Comment = z.infer<typeof commentSchema>;
export type CommentReactionSummary = z.infer<typeof commentReactionSummarySchema>;

/**
 * A comment save (spec section 7: text.html, board_id, item_id, parent_id), row_version
 * compare-and-set: 1 creates. The item and parent are fixed once created (a later save repeats them).
 */
export const saveCommentBody = z.object({
  text: z.object({
    html: z.string().min(1, { message: 'The comment is required.' }).max(MAX_COMMENT_HTML_LENGTH),
  }),
  board_id: z.string().min(1).max(64),
  item_id: uuidId,
  parent_id: uuidId.nullable().optional(),
  row_version: z.number().int().min(1).max(MAX_INT4),
});
export type SaveCommentBody = z.infer<typeof saveCommentBody>;

export const pinCommentBody = z.object({ pinned: z.boolean() });

/** One emoji (a pictograph or a flag, with its modifiers), nothing else: no spaces, no markup. */
const REACTION =
  /^(?=.*[\p{Extended_Pictographic}\p{Regional_Indicator}])(?:[\p{Extended_Pictographic}\p{Regional_Indicator}\p{Emoji_Modifier}]|\ufe0f|\u20e3|\u200d)+$/u;

/** A reaction toggle: the caller's reaction with this emoji on the comment is added, or taken back. */
export const commentReactionBody = z.object({
  comment_id: uuidId,
  reaction: z
    .string()
    .min(1)
    .max(MAX_REACTION_LENGTH)
    .regex(REACTION, { message: 'The reaction must be one emoji.' }),
});
export type CommentReactionBody = z.infer<typeof commentReactionBody>;

export const commentReactionAnswer = z.object({
  /** Whether the caller's reaction is there after the toggle. */
  active: z.boolean(),
  comment_id: z.string(),
  reactions: z.array(commentReactionSummarySchema),
});

export const COMMENTS_PAGE_SIZE = 50;
export const COMMENTS_MAX_PAGE_SIZE = 100;

const ITEM_IDS_MESSAGE = `item_ids must be 1 to ${MAX_COMMENT_ITEMS} item ids, separated by commas.`;

/** `?item_ids=a,b,c&limit=&after=`: the root comments of up to 100 items, pinned first, then newest first. */
export const commentsMultipleQuery = z.object({
  item_ids: z
    .string({ error: ITEM_IDS_MESSAGE })
    .transform((value) => [...new Set(value.split(',').map((id) => id.trim()))].filter(Boolean))
    .pipe(
      z.array(uuidId).min(1, { error: ITEM_IDS_MESSAGE }).max(MAX_COMMENT_ITEMS, { error: ITEM_IDS_MESSAGE }),
    ),
  limit: z.coerce.number().int().min(1).max(COMMENTS_MAX_PAGE_SIZE).default(COMMENTS_PAGE_SIZE),
  /** The `after` of the previous page. */
  after: z.string().max(200).optional(),
});

export const commentsPageSchema = z.object({
  data: z.array(commentSchema),
  /** Live comments (replies included) per item asked for, whatever the page. */
  counts: z.record(z.string(), z.number().int()),
  has_more: z.boolean(),
  after: z.string().nullable(),
});
export type CommentsPage = z.infer<typeof commentsPageSchema>;
