/**
 * Views: the table view, the cells of every attribute type and the view toolbar, as data-agnostic
 * components (plain props in, callbacks out). See docs/views.md, "Table".
 */
export { CELL_TYPES, cellTypeOf } from './cells/cell-registry';
export { CellValue } from './cells/cell-value';
export { valueErrorText } from './cells/use-validated-commit';
export { columnsAttribute } from './columns/columns-model';
export { ColumnsView, type ColumnsViewProps } from './columns/columns-view';
export { ListView } from './list/list-view';
export type { ListViewProps } from './list/list-view-props';
export { TableView } from './table/table-view';
export type { TableViewProps } from './table/table-view-props';
export { type ToolbarControl, ViewToolbar, type ViewToolbarProps } from './table/view-toolbar';
export {
  type CellEditProps,
  type CellRenderProps,
  type CellType,
  defaultNameAttributeId,
  type ViewCallbacks,
  type ViewMember,
} from './view-types';
