import { z } from 'zod';
import { base62Id } from './boards';

/**
 * A board by its id alone: the board page's address (/b/{boardId}) names no workspace, so the app
 * asks which workspace holds it. The answer is the board (with `team_id`) when the caller sees
 * it, in any workspace of theirs; 404 otherwise.
 */
export const boardLookupPaths = {
  board: '/api/boards/:boardId',
} as const;

export const boardLookupParams = z.object({ boardId: base62Id });
