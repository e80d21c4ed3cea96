import * as Popover from '@radix-ui/react-popover';
import type { AttributeType } from '@strata/domain/attributes/attribute-types';
import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import type { ValueContext } from '@strata/domain/attributes/value-context';
import { type ViewSettings, visibleAttributeIds } from '@strata/domain/views/view-settings';
import { ArrowUpDown, Columns3, Download, ListFilter } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Dropdown } from '../../../ui/dropdown';
import { PopoverOnFirstUse } from '../../../ui/popover-on-first-use';
import type { ViewMember } from '../view-types';
import { FilterEditor } from './filter-editor';
import { SortEditor } from './sort-editor';
import { hideColumn, showColumn } from './table-model';
import styles from './toolbar.module.css';

export type ToolbarControl = 'group' | 'sort' | 'filter' | 'columns';

export interface ViewToolbarProps {
  attributes: readonly AttributeDefinition[];
  settings: ViewSettings;
  onChangeSettings(next: ViewSettings): void;
  context: ValueContext;
  members: readonly ViewMember[];
  /** The item's name: never hidden, so its box in the column list cannot be cleared. */
  nameAttributeId: string | null;
  /** The controls shown, in this order; all four by default. */
  controls?: readonly ToolbarControl[];
  /** The types the group-by picker offers; by default every type with a short value. */
  groupableTypes?: readonly AttributeType[];
  /** Whether the Export CSV button shows: the caller holds EXPORT on the board. */
  canExport?: boolean;
  onExport?(): void;
  /** Offline, the export cannot be fetched: the button is disabled and says why. */
  isOnline?: boolean;
  /** An export is on its way: the button waits for it. */
  isExporting?: boolean;
}

const NOT_GROUPABLE = new Set<AttributeType>(['button', 'longtext', 'checklist', 'links', 'attachments']);
const NO_GROUPING = '__none__';

/**
 * A view's toolbar: group by, sort, filter (all or any condition) and the shown columns. Every
 * change is answered as next settings through onChangeSettings; the table, list and columns
 * views share it (`controls` picks what a view offers).
 */
export function ViewToolbar({
  attributes,
  settings,
  onChangeSettings,
  context,
  members,
  nameAttributeId,
  controls = ['group', 'sort', 'filter', 'columns'],
  groupableTypes,
  canExport = false,
  onExport,
  isOnline = true,
  isExporting = false,
}: ViewToolbarProps) {
  const { t } = useTranslation();
  const groupable = attributes.filter((attribute) =>
    groupableTypes ? groupableTypes.includes(attribute.type) : !NOT_GROUPABLE.has(attribute.type),
  );
  const parts: Record<ToolbarControl, ReactNode> = {
    group: (
      <Dropdown
        key="group"
        compact
        searchable={groupable.length > 8}
        label={t('views.toolbar.groupBy')}
        placeholder={t('views.toolbar.groupBy')}
        options={[
          { value: NO_GROUPING, label: t('views.toolbar.noGrouping') },
          ...groupable.map((attribute) => ({ value: attribute.id, label: attribute.name })),
        ]}
        value={settings.group_by ?? NO_GROUPING}
        onChange={(value) =>
          onChangeSettings({
            ...settings,
            group_by: value === NO_GROUPING ? null : value,
            // Group keys belong to the attribute grouped by: a new grouping starts open.
            collapsed_groups: [],
          })
        }
      />
    ),
    sort: (
      <ToolbarPopover
        key="sort"
        icon={<ArrowUpDown size={16} aria-hidden="true" />}
        label={t('views.toolbar.sort')}
        count={settings.sort.length}
      >
        <SortEditor attributes={attributes} settings={settings} onChangeSettings={onChangeSettings} />
      </ToolbarPopover>
    ),
    filter: (
      <ToolbarPopover
        key="filter"
        icon={<ListFilter size={16} aria-hidden="true" />}
        label={t('views.toolbar.filter')}
        count={settings.filters.length}
      >
        <FilterEditor
          attributes={attributes}
          settings={settings}
          onChangeSettings={onChangeSettings}
          context={context}
          members={members}
        />
      </ToolbarPopover>
    ),
    columns: (
      <ToolbarPopover
        key="columns"
        icon={<Columns3 size={16} aria-hidden="true" />}
        label={t('views.toolbar.columns')}
        count={settings.hidden_attribute_ids.filter((id) => attributes.some((a) => a.id === id)).length}
      >
        <ColumnList
          attributes={attributes}
          settings={settings}
          onChangeSettings={onChangeSettings}
          nameAttributeId={nameAttributeId}
        />
      </ToolbarPopover>
    ),
  };
  return (
    <div className={styles.toolbar} role="toolbar" aria-label={t('views.toolbar.label')}>
      {controls.map((control) => parts[control])}
      {canExport && onExport && (
        <button
          type="button"
          className={styles.button}
          onClick={onExport}
          disabled={!isOnline || isExporting}
          aria-busy={isExporting || undefined}
          title={isOnline ? undefined : t('views.toolbar.exportOffline')}
        >
          <Download size={16} aria-hidden="true" />
          <span>{t('views.toolbar.export')}</span>
        </button>
      )}
    </div>
  );
}

function ToolbarPopover({
  icon,
  label,
  count,
  children,
}: {
  icon: ReactNode;
  label: string;
  count: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <PopoverOnFirstUse
      trigger={
        <button
          type="button"
          className={`${styles.button} ${count > 0 ? styles.buttonOn : ''}`}
          aria-label={count > 0 ? t('views.toolbar.withCount', { label, n: count }) : label}
        >
          {icon}
          <span>{label}</span>
          {count > 0 && (
            <span className={styles.badge} aria-hidden="true">
              {count}
            </span>
          )}
        </button>
      }
    >
      <Popover.Portal>
        <Popover.Content
          className={styles.popover}
          aria-label={label}
          align="start"
          sideOffset={4}
          collisionPadding={8}
        >
          {children}
        </Popover.Content>
      </Popover.Portal>
    </PopoverOnFirstUse>
  );
}

/** Show or hide each attribute (the name is always shown); in the view's column order. */
function ColumnList({
  attributes,
  settings,
  onChangeSettings,
  nameAttributeId,
}: {
  attributes: readonly AttributeDefinition[];
  settings: ViewSettings;
  onChangeSettings(next: ViewSettings): void;
  nameAttributeId: string | null;
}) {
  const { t } = useTranslation();
  const byId = new Map(attributes.map((attribute) => [attribute.id, attribute]));
  const order = visibleAttributeIds(
    attributes.map((attribute) => attribute.id),
    { attribute_order: settings.attribute_order, hidden_attribute_ids: [] },
    nameAttributeId ?? undefined,
  );
  const hidden = new Set(settings.hidden_attribute_ids);
  return (
    <fieldset className={styles.choices}>
      <legend className={styles.hint}>{t('views.toolbar.shownColumns')}</legend>
      {order.map((id) => {
        const attribute = byId.get(id)!;
        const isName = id === nameAttributeId;
        return (
          <label key={id} className={styles.choice}>
            <input
              type="checkbox"
              checked={isName || !hidden.has(id)}
              disabled={isName}
              onChange={(event) =>
                onChangeSettings(
                  event.target.checked ? showColumn(settings, id) : hideColumn(settings, id, nameAttributeId),
                )
              }
            />
            {attribute.name}
          </label>
        );
      })}
    </fieldset>
  );
}
