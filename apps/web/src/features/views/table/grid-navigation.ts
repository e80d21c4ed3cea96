/** Where the active cell is: a line of the table and a column (0 is the name column). */
export interface GridPosition {
  row: number;
  col: number;
}

export interface GridBounds {
  rows: number;
  cols: number;
  /** Lines one Page Up / Page Down moves. */
  page: number;
}

export interface GridKey {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
}

const clamp = (value: number, max: number) => Math.min(Math.max(0, value), Math.max(0, max));

/**
 * The next active cell for a navigation key, spreadsheet-style; null when the key does not move
 * (or, for Tab at either end of the grid, when focus should leave it). Left and right arrows
 * follow the reading direction: in a right-to-left table ArrowRight goes to the previous column.
 */
export function navigateGrid(
  event: GridKey,
  at: GridPosition,
  bounds: GridBounds,
  rtl: boolean,
): GridPosition | null {
  const lastRow = bounds.rows - 1;
  const lastCol = bounds.cols - 1;
  if (bounds.rows === 0) return null;
  const jump = event.ctrlKey || event.metaKey;
  switch (event.key) {
    case 'ArrowUp':
      return { row: jump ? 0 : clamp(at.row - 1, lastRow), col: at.col };
    case 'ArrowDown':
      return { row: jump ? lastRow : clamp(at.row + 1, lastRow), col: at.col };
    case 'ArrowLeft':
    case 'ArrowRight': {
      const forward = (event.key === 'ArrowRight') !== rtl;
      if (jump) return { row: at.row, col: forward ? lastCol : 0 };
      return { row: at.row, col: clamp(at.col + (forward ? 1 : -1), lastCol) };
    }
    case 'Home':
      return jump ? { row: 0, col: 0 } : { row: at.row, col: 0 };
    case 'End':
      return jump ? { row: lastRow, col: lastCol } : { row: at.row, col: lastCol };
    case 'PageUp':
      return { row: clamp(at.row - bounds.page, lastRow), col: at.col };
    case 'PageDown':
      return { row: clamp(at.row + bounds.page, lastRow), col: at.col };
    case 'Tab': {
      if (event.shiftKey) {
        if (at.col > 0) return { row: at.row, col: at.col - 1 };
        return at.row > 0 ? { row: at.row - 1, col: lastCol } : null;
      }
      if (at.col < lastCol) return { row: at.row, col: at.col + 1 };
      return at.row < lastRow ? { row: at.row + 1, col: 0 } : null;
    }
    default:
      return null;
  }
}

/** A key that types a character (and so starts editing the active cell with it). */
export function isTypingKey(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}): boolean {
  return event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
}
