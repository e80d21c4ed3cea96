import type { TableViewProps } from '../table/table-view-props';

/** What the chart view takes: the table's data (filters from the view) and its settings callback. */
export type ChartViewProps = Pick<
  TableViewProps,
  | 'attributes'
  | 'items'
  | 'settings'
  | 'context'
  | 'members'
  | 'onChangeSettings'
  | 'dataOf'
  | 'readOnly'
  | 'label'
>;
