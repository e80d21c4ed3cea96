import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import type { ValueContext } from '@strata/domain/attributes/value-context';
import type { ViewItem } from '@strata/domain/views/view-rows';
import type { ViewSettings } from '@strata/domain/views/view-settings';
import type { ViewCallbacks, ViewMember } from '../view-types';

/** What the table view takes (table-view.tsx); the list view takes a part of it. */
export interface TableViewProps extends ViewCallbacks {
  attributes: readonly AttributeDefinition[];
  /** The folder's items, subitems included (parent_id); pass a stable array: rows are derived from it. */
  items: readonly ViewItem[];
  settings: ViewSettings;
  /** Pass a stable (memoised) object: sorting and filtering re-run when it changes. */
  context: ValueContext;
  members: readonly ViewMember[];
  /** The item's name column, pinned and never hidden (see defaultNameAttributeId). */
  nameAttributeId: string | null;
  selection: ReadonlySet<string>;
  onChangeSettings(next: ViewSettings): void;
  /** A cell's data (formulas evaluated by the caller); the stored data by default. */
  dataOf?(item: ViewItem, attribute: AttributeDefinition): unknown;
  readOnly?: boolean;
  /** The reading direction; by default the nearest `dir` attribute (the document's). */
  dir?: 'ltr' | 'rtl';
  /** The grid's accessible name (the view's name). */
  label?: string;
  /** "Edit column" in the header menus; absent for who may not manage attributes. */
  onEditColumn?(attributeId: string): void;
  /** "Delete column" in the header menus (not of the name attribute). */
  onDeleteColumn?(attributeId: string): void;
}

/** What the views that place items in time (calendar, gantt) take of the table's props. */
export type TimeViewProps = Pick<
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
