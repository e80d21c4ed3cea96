import {
  BetweenHorizontalEnd,
  BetweenVerticalEnd,
  Grid2x2X,
  Table,
  TableColumnsSplit,
  TableRowsSplit,
} from 'lucide-react';
import type { Tool } from '../cells/rich-text-toolbar';

const inTable = (editor: Parameters<Tool['isActive']>[0]) => editor.isActive('table');

/**
 * A document's table tools (docs/documents.md): insert a table with a header row, and, inside one,
 * add a row below or a column after, delete the row, the column or the whole table.
 */
export const TABLE_TOOLS: readonly Tool[] = [
  {
    key: 'insertTable',
    icon: Table,
    isActive: () => false,
    isAvailable: (editor) => !inTable(editor),
    run: (editor) => editor.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
  },
  {
    key: 'addRowAfter',
    icon: BetweenHorizontalEnd,
    isActive: () => false,
    isAvailable: inTable,
    run: (editor) => editor.chain().focus().addRowAfter().run(),
  },
  {
    key: 'addColumnAfter',
    icon: BetweenVerticalEnd,
    flip: true,
    isActive: () => false,
    isAvailable: inTable,
    run: (editor) => editor.chain().focus().addColumnAfter().run(),
  },
  {
    key: 'deleteRow',
    icon: TableRowsSplit,
    isActive: () => false,
    isAvailable: inTable,
    run: (editor) => editor.chain().focus().deleteRow().run(),
  },
  {
    key: 'deleteColumn',
    icon: TableColumnsSplit,
    isActive: () => false,
    isAvailable: inTable,
    run: (editor) => editor.chain().focus().deleteColumn().run(),
  },
  {
    key: 'deleteTable',
    icon: Grid2x2X,
    isActive: () => false,
    isAvailable: inTable,
    run: (editor) => editor.chain().focus().deleteTable().run(),
  },
];
