import { ATTRIBUTE_TYPES } from '@strata/domain/attributes/attribute-types';
import { MAX_COMMENT_HTML_LENGTH } from '@strata/domain/comments/comment-rules';
import { INVALID_URL_MESSAGE, isSecureWebUrl } from '@strata/domain/forms/form-settings';
import { z } from 'zod';
import { base62Id } from './boards';
import { uuidId, valueSchema } from './items';

/**
 * Public boards (issue 15, docs/public-boards.md). A board is public when its permission record
 * lets the guest user in (spec section 6: the guest user has VIEW_BOARD); its sharing settings say
 * how it shows. Anonymous visitors read it at b/{rootId} through the narrow endpoints below, which
 * answer only what the board shows: its public folders, their shared views, the board's
 * attributes and the folders' items, and members by name only.
 */
export const publicBoardPaths = {
  /** The board's sharing settings, for its managers (UPDATE_BOARD_DETAILS to change them). */
  sharing: '/api/:teamId/boards/:boardId/sharing',
  /** The public board: its name, its workspace's, and the folders a visitor sees. */
  board: '/api/public/boards/:boardId',
  /** A password-protected public board opened to a visitor: a token for X-Board-Unlock. */
  unlock: '/api/public/boards/:boardId/unlock',
  /** One public folder: its attributes, shared views, items and the members they name. */
  folder: '/api/public/boards/:boardId/folders/:folderId',
  /** A visitor who writes to the board makes themself known: a token for X-Board-Visitor. */
  visitors: '/api/public/boards/:boardId/visitors',
  /** A visitor adds an item to a public folder (CREATE_ITEMS for the guest user). */
  items: '/api/public/boards/:boardId/folders/:folderId/items',
  /** A visitor changes an item's values (EDIT_ALL_ITEMS, or EDIT_OWN_ITEMS on one they added). */
  item: '/api/public/boards/:boardId/items/:itemId',
  /** An item's comments for visitors, and a visitor's new comment (ADD_COMMENTS for the guest user). */
  comments: '/api/public/boards/:boardId/items/:itemId/comments',
} as const;

/** The header a visitor of a password-protected public board sends the unlock token in. */
export const BOARD_UNLOCK_HEADER = 'x-board-unlock';
/** The header a visitor who writes to a public board sends their visitor token in. */
export const BOARD_VISITOR_HEADER = 'x-board-visitor';

/**
 * What anonymous visitors may do on a public board besides viewing it: nothing more, add items
 * and edit those they added, or add items and edit every item.
 */
export const VISITOR_RIGHTS = ['view', 'edit_own', 'edit_all'] as const;
export type VisitorRights = (typeof VISITOR_RIGHTS)[number];

export const sharingParams = z.object({
  teamId: z.coerce.number().int().positive().max(2_147_483_647),
  boardId: base62Id,
});
export const publicBoardParams = z.object({ boardId: base62Id });
export const publicFolderParams = publicBoardParams.extend({ folderId: base62Id });
export const publicItemParams = publicBoardParams.extend({ itemId: uuidId });

/**
 * How a board is shared: public or not, and whether visitors get the folder tree (off: they see the
 * folder they were sent to and nothing else). `shared_by`/`shared_at` say who made it public.
 */
export const boardSharingSchema = z.object({
  board_id: z.string(),
  is_public: z.boolean(),
  show_folders: z.boolean(),
  /** An image shown above the public board (an https address), or none. */
  feature_image: z.string().nullable(),
  /** What visitors may do besides viewing (the guest user's keys in the board's record). */
  visitor_rights: z.enum(VISITOR_RIGHTS),
  /** Visitors read the items' comments and add their own. */
  visitor_comments: z.boolean(),
  /** The address visitors open, from the app's origin. */
  path: z.string(),
  shared_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  shared_at: z.string().nullable(),
});
export type BoardSharing = z.infer<typeof boardSharingSchema>;

export const saveBoardSharingBody = z.object({
  is_public: z.boolean(),
  show_folders: z.boolean().optional(),
  /** Null removes it; left out keeps it. */
  feature_image: z
    .string()
    .trim()
    .max(2000)
    .refine(isSecureWebUrl, { message: INVALID_URL_MESSAGE })
    .nullable()
    .optional(),
  /** Left out keeps them. */
  visitor_rights: z.enum(VISITOR_RIGHTS).optional(),
  /** Left out keeps it. */
  visitor_comments: z.boolean().optional(),
});
export type SaveBoardSharing = z.infer<typeof saveBoardSharingBody>;

const publicFolderSchema = z.object({
  id: z.string(),
  parent_id: z.string().nullable(),
  name: z.string(),
  color: z.string().nullable(),
  sort_order: z.string().nullable(),
});
export type PublicFolder = z.infer<typeof publicFolderSchema>;

export const publicBoardSchema = z.object({
  board: z.object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    color: z.string().nullable(),
  }),
  workspace: z.object({ name: z.string() }),
  show_folders: z.boolean(),
  feature_image: z.string().nullable(),
  /** What visitors may do besides viewing (a folder may say less: its `rights`). */
  visitor_rights: z.enum(VISITOR_RIGHTS),
  visitor_comments: z.boolean(),
  /** Asks for its password (then `folders` is empty until a visitor unlocks it). */
  is_locked: z.boolean(),
  /** In the board's order (sort order, then age, then id), as members see them. */
  folders: z.array(publicFolderSchema),
});
export type PublicBoard = z.infer<typeof publicBoardSchema>;

export const unlockPublicBoardBody = z.object({ password: z.string().min(1).max(1_000) });
export const publicBoardUnlockSchema = z.object({ token: z.string(), expires_at: z.string() });
export type PublicBoardUnlock = z.infer<typeof publicBoardUnlockSchema>;

/** The view types a public board shows (forms and documents are shared on their own). */
export const PUBLIC_VIEW_TYPES = ['table', 'columns', 'list', 'calendar', 'gantt', 'chart'] as const;

export const publicItemSchema = z.object({
  id: z.string(),
  folder_id: z.string(),
  parent_id: z.string().nullable(),
  sort_order: z.string().nullable(),
  /** Shown by a created-by attribute, by name from `members`. */
  created_by: z.number().int().nullable(),
  values: z.record(z.string(), valueSchema),
  comments_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PublicItem = z.infer<typeof publicItemSchema>;

export const publicFolderContentsSchema = z.object({
  folder: publicFolderSchema,
  attributes: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      type: z.enum(ATTRIBUTE_TYPES),
      settings: z.record(z.string(), z.unknown()),
      sort_order: z.string().nullable(),
    }),
  ),
  views: z.array(
    z.object({
      id: z.string(),
      type: z.enum(PUBLIC_VIEW_TYPES),
      name: z.string(),
      settings: z.record(z.string(), z.unknown()),
      sort_order: z.string().nullable(),
    }),
  ),
  items: z.array(publicItemSchema),
  /** The people the items' values name, by name only. */
  members: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** What the visitor may do in this folder besides viewing it. */
  rights: z.object({ create: z.boolean(), edit: z.enum(['none', 'own', 'all']), comment: z.boolean() }),
  /** The items of this folder the visitor added (known by their X-Board-Visitor token). */
  own_item_ids: z.array(z.string()),
});
export type PublicFolderContents = z.infer<typeof publicFolderContentsSchema>;

export const publicVisitorSchema = z.object({ token: z.string() });
export type PublicVisitor = z.infer<typeof publicVisitorSchema>;

/** A visitor's new item: its values by attribute id (data shapes as the item values), a parent. */
export const addPublicItemBody = z.object({
  values: z.record(uuidId, z.unknown()).default({}),
  parent_id: uuidId.nullable().optional(),
});
export type AddPublicItem = z.infer<typeof addPublicItemBody>;

/** A visitor's change of an item: the values it sets (null clears one), by attribute id. */
export const editPublicItemBody = z.object({ values: z.record(uuidId, z.unknown()) });
export type EditPublicItem = z.infer<typeof editPublicItemBody>;

/** The most a visitor's name under a comment may have. */
export const MAX_VISITOR_NAME_LENGTH = 60;

const publicCommentFields = {
  id: z.string(),
  parent_id: z.string().nullable(),
  /** Sanitised; mentions are their text alone (no member's id). */
  text: z.object({ html: z.string() }),
  pinned: z.boolean(),
  /** The member who wrote it (by name in `members`), or who shared the board for a visitor. */
  created_by: z.number().int().nullable(),
  /** A visitor wrote it, under this name. */
  visitor_name: z.string().optional(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
};
export const publicCommentSchema = z.object({
  ...publicCommentFields,
  replies: z.array(z.object(publicCommentFields)),
});
export type PublicComment = z.infer<typeof publicCommentSchema>;

/** An item's comments as visitors read them: root comments pinned first, then newest first. */
export const publicCommentsSchema = z.object({
  comments: z.array(publicCommentSchema),
  /** The members who wrote them, by name only. */
  members: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type PublicComments = z.infer<typeof publicCommentsSchema>;

/** A visitor's comment: its text (sanitised on write), their name, the comment it answers. */
export const addPublicCommentBody = z.object({
  text: z.object({
    html: z.string().min(1, { message: 'The comment is required.' }).max(MAX_COMMENT_HTML_LENGTH),
  }),
  name: z.string().trim().min(1, { message: 'Your name is required.' }).max(MAX_VISITOR_NAME_LENGTH),
  parent_id: uuidId.nullable().optional(),
});
export type AddPublicComment = z.infer<typeof addPublicCommentBody>;
