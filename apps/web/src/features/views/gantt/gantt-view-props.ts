import type { TableViewProps } from '../table/table-view-props';

/** What the gantt view takes: the table's data and the callbacks it uses. */
export type GanttViewProps = Pick<
  TableViewProps,
  | 'attributes'
  | 'items'
  | 'settings'
  | 'context'
  | 'nameAttributeId'
  | 'onChangeSettings'
  | 'onChangeValue'
  | 'onOpenItem'
  | 'dataOf'
  | 'readOnly'
  | 'dir'
  | 'label'
>;
