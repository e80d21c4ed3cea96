/**
 * The app's addresses of a board, a folder and an item (route-tree.ts `board` and `folder`): one
 * place that spells them, for the views, the command palette and anything else that links there.
 */
export function boardPath(boardId: string): string {
  return `/b/${encodeURIComponent(boardId)}`;
}

export function folderPath(boardId: string, folderId: string): string {
  return `${boardPath(boardId)}/${encodeURIComponent(folderId)}`;
}

/**
 * An item's panel, open on its folder: on its attributes, or on its comments with `commentId`
 * highlighted (item-panel.tsx reads `t` and `comment`).
 */
export function itemPath(target: {
  boardId: string;
  folderId: string;
  itemId: string;
  commentId?: string;
}): string {
  const base = `${folderPath(target.boardId, target.folderId)}/${encodeURIComponent(target.itemId)}`;
  return target.commentId === undefined
    ? `${base}?t=attributes`
    : `${base}?t=comments&comment=${encodeURIComponent(target.commentId)}`;
}
