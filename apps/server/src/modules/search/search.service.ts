import type { SearchHit, SearchPage } from '@strata/contracts/search';
import { htmlToPlainText } from '@strata/domain/attributes/html-text';
import {
  alwaysMatchesInside,
  containsPattern,
  mayMatchInside,
  prefixTsQuery,
  searchTerms,
  snippetAround,
} from '@strata/domain/search/search-terms';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { invalidField } from '../../http/field-errors';
import { canViewBoard } from '../boards/board-access';
import { findLockedBoardIds } from '../boards/board-locks';
import { findBoards, findTeamFolders } from '../boards/boards.repo';
import { visibleFolders } from '../boards/folder-access';
import { findItemTitles } from '../references/references.repo';
import { getTeamAccess } from '../teams/team-access';
import type { TeamAccess } from '../teams/team-access-types';
import {
  findCommentHtml,
  findHits,
  findItemTexts,
  type HitRow,
  KIND_ORDER,
  type SearchCursor,
  type SearchScope,
} from './search.repo';

/**
 * What the caller may search in one workspace: the boards they see (by name, also while one is
 * locked by its password, as the board list shows them) and, inside the boards they may open, the
 * folders they see, with those folders' items and comments (docs/search.md).
 */
async function searchScope(db: DbOrTx, access: TeamAccess) {
  // The workspace's folders are read with its boards, not after them: one round trip fewer.
  const [boards, allFolders] = await Promise.all([
    findBoards(db, access.team.id),
    findTeamFolders(db, access.team.id),
  ]);
  const visible = boards.filter((board) => canViewBoard(access, board));
  const locked = await findLockedBoardIds(db, access, visible);
  const open = visible.filter((board) => !locked.has(board.id));
  const folders = open.flatMap((board) =>
    visibleFolders(
      access,
      board,
      allFolders.filter((folder) => folder.boardId === board.id),
    ),
  );
  const scope: SearchScope = {
    teamId: access.team.id,
    boardIds: visible.map((board) => board.id),
    folderIds: folders.map((folder) => folder.id),
  };
  return {
    scope,
    boardNames: new Map(visible.map((board) => [board.id, board.name])),
    folderNames: new Map(folders.map((folder) => [folder.id, folder.name])),
  };
}

/**
 * Where a page ended, and how its query matched: `words` (prefixes of words, and inside the text
 * for scripts without spaces) or `inside` (the whole query inside the text: its words found nothing).
 */
type SearchMode = 'words' | 'inside';
type PageCursor = SearchCursor & { mode: SearchMode };

export function encodeSearchCursor(row: Pick<HitRow, 'rank' | 'kind' | 'id'>, mode: SearchMode): string {
  return Buffer.from(JSON.stringify([row.rank, row.kind, row.id, mode === 'inside' ? 1 : 0])).toString(
    'base64url',
  );
}

/** A cursor `encodeSearchCursor` made, or null for anything else. */
export function decodeSearchCursor(after: string): PageCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 4) return null;
    const [rank, kind, id, inside] = value as unknown[];
    if (inside !== 0 && inside !== 1) return null;
    if (typeof rank !== 'number' || !Number.isFinite(rank)) return null;
    if (typeof kind !== 'number' || !Number.isInteger(kind) || kind < 0 || kind >= KIND_ORDER.length)
      return null;
    if (typeof id !== 'string' || id.length === 0 || id.length > 64) return null;
    return { rank, kind, id, mode: inside === 1 ? 'inside' : 'words' };
  } catch {
    return null;
  }
}

/** A text hit's snippet: the first of its texts (not its title) where the query is. */
function firstSnippet(texts: readonly string[], title: string | null, query: string): string | null {
  for (const text of texts) {
    if (text === title) continue;
    const snippet = snippetAround(text.includes('<') ? htmlToPlainText(text) : text, query);
    if (snippet) return snippet;
  }
  return null;
}

/**
 * `GET /api/search`: items (by any of their text values), comments, boards and folders of one
 * workspace that the caller may see and whose text has every word of the query as a word or a
 * word's beginning; or the whole query anywhere inside: always for text in a script without
 * spaces, else (three characters and more) when the words find nothing. Best first; keyset paged.
 */
export async function search(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  q: string;
  limit: number;
  after?: string;
}): Promise<SearchPage> {
  const { ctx, q, limit } = options;
  const cursor = options.after === undefined ? undefined : decodeSearchCursor(options.after);
  if (cursor === null) throw invalidField('after', 'FIELD_INVALID');
  const access = await getTeamAccess(ctx, options.teamId, options.user);
  const db = ctx.db;
  const { scope, boardNames, folderNames } = await searchScope(db, access);
  const words = {
    tsQuery: prefixTsQuery(searchTerms(q)),
    pattern: alwaysMatchesInside(q) ? containsPattern(q) : null,
  };
  let mode: SearchMode = cursor?.mode ?? 'words';
  let rows = mode === 'words' ? await findHits(db, scope, words, limit + 1, cursor) : [];
  // Words that match nothing at all: the whole query inside the text, for every page after.
  if (rows.length === 0 && !cursor && mayMatchInside(q) && !words.pattern) mode = 'inside';
  if (mode === 'inside')
    rows = await findHits(db, scope, { tsQuery: null, pattern: containsPattern(q) }, limit + 1, cursor);
  const page = rows.slice(0, limit);
  const itemIds = [...new Set(page.filter((row) => row.item_id).map((row) => row.item_id!))];
  const hitsOf = (kind: string) => page.filter((row) => KIND_ORDER[row.kind] === kind).map((row) => row.id);
  const [titles, texts, html] = await Promise.all([
    findItemTitles(db, scope.teamId, itemIds),
    findItemTexts(db, scope.teamId, hitsOf('item')),
    findCommentHtml(db, scope.teamId, hitsOf('comment')),
  ]);
  const titleOf = new Map(titles.map((row) => [row.id, row.title]));
  const data = page.map((row): SearchHit => {
    const kind = KIND_ORDER[row.kind]!;
    const itemTitle = row.item_id ? (titleOf.get(row.item_id) ?? null) : null;
    const base = {
      kind,
      id: row.id,
      board_id: row.board_id,
      folder_id: row.folder_id,
      item_id: row.item_id,
      board_name: boardNames.get(row.board_id) ?? '',
    };
    if (kind === 'board') return { ...base, title: base.board_name, snippet: null };
    if (kind === 'folder') return { ...base, title: folderNames.get(row.id) ?? null, snippet: null };
    if (kind === 'comment') {
      const plain = htmlToPlainText(html.get(row.id) ?? '');
      return { ...base, title: itemTitle, snippet: snippetAround(plain, q) ?? plain.slice(0, 140) };
    }
    return { ...base, title: itemTitle, snippet: firstSnippet(texts.get(row.id) ?? [], itemTitle, q) };
  });
  const last = page.at(-1);
  return {
    data,
    has_more: rows.length > limit,
    after: rows.length > limit && last ? encodeSearchCursor(last, mode) : null,
  };
}
