import { base62Id, saveBoardBody, saveFolderBody } from '@strata/contracts/boards';
import { saveCommentBody } from '@strata/contracts/comments';
import { type SyncedRecordType, saveAttributeBody, saveItemBody, uuidId } from '@strata/contracts/items';
import { saveViewBody } from '@strata/contracts/views';
import type { z } from 'zod';
import { putBoard, removeBoard } from '../boards/boards.service';
import { putFolder, removeFolder } from '../boards/folders.service';
import { putComment, removeComment } from '../comments/comments.service';
import { putAttribute, removeAttribute } from '../items/attributes.service';
import { putItem, removeItem } from '../items/items.service';
import { putView, removeView } from '../views/views.service';
import { sanitiseAttributeHtml } from './attribute-html';
import type { WriteScope } from './write-scope';

/**
 * One kind of synced record, as its PUT and DELETE routes and save-multiple write it: the id and
 * body it takes, and the save and delete that run inside a given transaction.
 */
export interface RecordCollection<Body = unknown> {
  type: SyncedRecordType;
  id: z.ZodType<string>;
  body: z.ZodType<Body>;
  put(scope: WriteScope, id: string, body: Body): Promise<unknown>;
  remove(scope: WriteScope, id: string): Promise<void>;
}

const collection = <Body>(definition: RecordCollection<Body>) => definition as RecordCollection;

export const RECORD_COLLECTIONS: Record<SyncedRecordType, RecordCollection> = {
  board: collection({ type: 'board', id: base62Id, body: saveBoardBody, put: putBoard, remove: removeBoard }),
  folder: collection({
    type: 'folder',
    id: base62Id,
    body: saveFolderBody,
    put: putFolder,
    remove: removeFolder,
  }),
  attribute: collection({
    type: 'attribute',
    id: uuidId,
    body: saveAttributeBody,
    // Long text in the save is sanitised before it is checked and stored.
    put: async (scope, id, body) => putAttribute(scope, id, await sanitiseAttributeHtml(scope, body)),
    remove: removeAttribute,
  }),
  item: collection({ type: 'item', id: uuidId, body: saveItemBody, put: putItem, remove: removeItem }),
  view: collection({ type: 'view', id: uuidId, body: saveViewBody, put: putView, remove: removeView }),
  comment: collection({
    type: 'comment',
    id: uuidId,
    body: saveCommentBody,
    put: putComment,
    remove: removeComment,
  }),
};
