import type { TableViewProps } from '../table/table-view-props';

/**
 * The table's props that a list reads: the same data and callbacks. `settings` brings the rows'
 * filters, sort and grouping, `card_attribute_ids` (the values a row shows after its title) and
 * `show_subitems`; `label` is the list's accessible name.
 */
export type ListViewProps = Pick<
  TableViewProps,
  | 'attributes'
  | 'items'
  | 'settings'
  | 'context'
  | 'members'
  | 'nameAttributeId'
  | 'selection'
  | 'onChangeSettings'
  | 'onChangeValue'
  | 'onOpenItem'
  | 'onAddItem'
  | 'onToggleSelect'
  | 'onButton'
  | 'dataOf'
  | 'readOnly'
  | 'dir'
  | 'label'
>;
