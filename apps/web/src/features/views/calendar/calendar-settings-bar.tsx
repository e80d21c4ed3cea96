import type { ViewAttribute } from '@strata/domain/views/view-rows';
import { MAX_CALENDAR_ATTRIBUTES, type ViewSettings } from '@strata/domain/views/view-settings';
import { useTranslation } from '../../../i18n/use-translation';
import { Dropdown } from '../../../ui/dropdown';
import styles from './calendar.module.css';
import { CALENDAR_DATE_TYPES } from './calendar-events';
import { CalendarFeedButton, type FeedTarget } from './calendar-feed-dialog';

/** No colouring label: the dropdown's value for null. */
const NO_COLOR = '';

/**
 * A calendar view's own settings: which date attributes it places items by (1 to 7) and which
 * label attribute colours them (read-only viewers see neither), and the person's calendar feed.
 */
export function CalendarSettingsBar(props: {
  attributes: readonly ViewAttribute[];
  settings: ViewSettings;
  /** The attributes shown now (the chosen ones, else the first). */
  shown: readonly ViewAttribute[];
  onChangeSettings(next: ViewSettings): void;
  readOnly: boolean;
  /** The stored view the person may subscribe to (absent until the view reaches the server). */
  feed?: FeedTarget;
}) {
  const { t } = useTranslation();
  const { attributes, settings, shown } = props;
  const feedButton = props.feed && <CalendarFeedButton feed={props.feed} />;
  if (props.readOnly) return feedButton ? <div className={styles.settings}>{feedButton}</div> : null;
  const dated = attributes.filter((attribute) => CALENDAR_DATE_TYPES.has(attribute.type));
  const chosen = shown.map((attribute) => attribute.id);
  const labels = attributes.filter((attribute) => attribute.type === 'label');
  return (
    <div className={styles.settings}>
      <Dropdown
        multiple
        compact
        label={t('views.calendar.dates')}
        value={chosen}
        options={dated.map((attribute) => ({
          value: attribute.id,
          label: attribute.name,
          disabled: !chosen.includes(attribute.id) && chosen.length >= MAX_CALENDAR_ATTRIBUTES,
        }))}
        onChange={(ids) =>
          // At least one stays: the calendar places items by something.
          ids.length > 0 && props.onChangeSettings({ ...settings, date_attribute_ids: ids })
        }
      />
      <Dropdown
        compact
        label={t('views.calendar.colorBy')}
        value={settings.color_by ?? NO_COLOR}
        options={[
          { value: NO_COLOR, label: t('views.calendar.colorByDate') },
          ...labels.map((attribute) => ({ value: attribute.id, label: attribute.name })),
        ]}
        onChange={(id) => props.onChangeSettings({ ...settings, color_by: id === NO_COLOR ? null : id })}
      />
      {feedButton}
    </div>
  );
}
