import FullCalendar, {
  type EventChangeInfo,
  type EventInput,
  useCalendarController,
} from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin, { Draggable } from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import { firstDayOfWeek } from '@strata/domain/locale';
import type { ViewAttribute } from '@strata/domain/views/view-rows';
import { CALENDAR_MODES, type CalendarMode } from '@strata/domain/views/view-settings';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useFirstItemsFirst } from '../first-items';
import { useIsRtl } from '../table/table-hooks';
import styles from './calendar.module.css';
import { calendarModel, itemTitle, valueAfterMove } from './calendar-events';
import { CalendarSettingsBar } from './calendar-settings-bar';
import type { CalendarViewProps } from './calendar-view-props';

/** FullCalendar's view of each of our modes. */
const FC_VIEWS: Record<CalendarMode, string> = {
  month: 'dayGridMonth',
  week: 'timeGridWeek',
  day: 'timeGridDay',
  list: 'listMonth',
};

const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, classicThemePlugin];

/**
 * The calendar view (FullCalendar 7: month, week, day and agenda): the folder's items placed by
 * the view's date attributes, each in its colour or its label's; drag an item to another day or
 * time, drag a range's edge to resize it, click a day to create an item on it; items without a
 * date listed beside it. Texts come from our catalogues, the direction and the week's first day
 * from the reader's language and profile, the time zone from their profile.
 */
export function CalendarView(props: CalendarViewProps) {
  const { t, i18n } = useTranslation();
  const rootRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const rtl = useIsRtl(rootRef, props.dir);
  const readOnly = props.readOnly ?? false;
  const { settings, attributes, context } = props;
  const [title, setTitle] = useState('');
  const controller = useCalendarController();

  // A large folder's first items draw at once, all of them right after (filters only hide some).
  const items = useFirstItemsFirst(props.items, { sort: [], filters: [] });
  const model = useMemo(
    () =>
      calendarModel({
        items,
        attributes,
        settings,
        nameAttributeId: props.nameAttributeId,
        context,
        dataOf: props.dataOf,
        untitled: t('views.calendar.untitled'),
      }),
    [items, attributes, settings, props.nameAttributeId, context, props.dataOf, t],
  );
  const events = useMemo<EventInput[]>(
    () =>
      model.events.map((event) => ({
        id: event.id,
        title: event.title,
        start: event.start,
        end: event.end,
        allDay: event.allDay,
        color: event.color,
        extendedProps: { itemId: event.itemId, attributeId: event.attributeId },
      })),
    [model.events],
  );
  const mode = settings.calendar_mode;
  const nameAttribute = attributes.find((attribute) => attribute.id === props.nameAttributeId);
  const firstAttribute: ViewAttribute | undefined = model.dateAttributes[0];
  // FullCalendar takes every option anew when one changes identity (and then reports its dates
  // again): the options are kept stable, reading the latest props through a ref.
  const latest = useRef({ props, attributes, firstAttribute, readOnly });
  latest.current = { props, attributes, firstAttribute, readOnly };
  const onMoved = useCallback((change: EventChangeInfo) => {
    const now = latest.current;
    const { itemId, attributeId } = change.event.extendedProps as { itemId: string; attributeId: string };
    const attribute = now.attributes.find((candidate) => candidate.id === attributeId);
    if (!attribute || now.readOnly) return change.revert();
    // The item's own store takes the change (offline it queues); the calendar redraws from it.
    now.props.onChangeValue(
      itemId,
      attributeId,
      valueAfterMove(attribute, {
        start: change.event.startStr,
        end: change.event.end ? change.event.endStr : null,
        allDay: change.event.allDay,
      }),
    );
  }, []);
  const onEventClick = useCallback((info: { jsEvent: MouseEvent; event: { extendedProps: unknown } }) => {
    info.jsEvent.preventDefault();
    latest.current.props.onOpenItem((info.event.extendedProps as { itemId: string }).itemId);
  }, []);
  const onDateClick = useCallback((info: { allDay: boolean; dateStr: string; date: Date }) => {
    const { props: now, firstAttribute: first, readOnly: locked } = latest.current;
    if (locked || !now.onCreateOn || !first) return;
    now.onCreateOn({
      [first.id]: valueAfterMove(first, {
        start: info.allDay ? info.dateStr.slice(0, 10) : info.date.toISOString(),
        end: null,
        allDay: info.allDay,
      }),
    });
  }, []);
  // An undated item dragged from the list beside the calendar onto a day takes that date.
  const onDrop = useCallback(
    (info: { draggedEl: HTMLElement; allDay: boolean; dateStr: string; date: Date }) => {
      const { props: now, firstAttribute: first, readOnly: locked } = latest.current;
      const itemId = info.draggedEl.dataset.itemId;
      if (locked || !first || !itemId) return;
      now.onChangeValue(
        itemId,
        first.id,
        valueAfterMove(first, {
          start: info.allDay ? info.dateStr.slice(0, 10) : info.date.toISOString(),
          end: null,
          allDay: info.allDay,
        }),
      );
    },
    [],
  );
  const undatedRef = useRef<HTMLUListElement>(null);
  const hasUndated = model.undated.length > 0;
  useEffect(() => {
    const list = undatedRef.current;
    if (!list || readOnly || !hasUndated) return;
    // The calendar draws nothing itself for the drop (create: false): the store's change does.
    const draggable = new Draggable(list, {
      itemSelector: '[data-item-id]',
      minDistance: 5,
      eventData: (element: HTMLElement) => ({ title: element.textContent ?? '', create: false }),
    });
    return () => draggable.destroy();
  }, [readOnly, hasUndated]);
  const sectionRef = useRef<HTMLElement>(null);
  const onDatesSet = useCallback((info: { view: { title: string } }) => setTitle(info.view.title), []);
  useEffect(() => {
    const section = sectionRef.current;
    if (!section) return;
    // Whenever the calendar redraws, the areas that scroll (the week's hours) take the focus too.
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        focusableScrollers(section);
        tablesWithStrayEvents(section);
      });
    };
    const observer = new MutationObserver(check);
    // Roles too: FullCalendar writes them again when it redraws a node.
    observer.observe(section, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['role', ...TABLE_ATTRIBUTES],
    });
    check();
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  });
  const locale = context.locale ?? i18n.language;
  const calendarLocale = useMemo(
    () => ({
      code: locale,
      allDayText: t('views.calendar.allDay'),
      noEventsText: t('views.calendar.noEvents'),
    }),
    [locale, t],
  );
  const moreLinkText = useCallback((count: number) => t('views.calendar.more', { count }), [t]);

  if (!firstAttribute)
    return (
      <div className={styles.empty} ref={rootRef}>
        <p>{t('views.calendar.noDateAttribute')}</p>
      </div>
    );

  return (
    <div className={styles.area} ref={rootRef}>
      <div className={styles.bar}>
        <div className={styles.nav}>
          <button type="button" className={styles.button} onClick={() => controller.today()}>
            {t('views.calendar.today')}
          </button>
          <button
            type="button"
            className={styles.iconButton}
            onClick={() => controller.prev()}
            aria-label={t('views.calendar.previous')}
          >
            {rtl ? (
              <ChevronRight size={16} aria-hidden="true" />
            ) : (
              <ChevronLeft size={16} aria-hidden="true" />
            )}
          </button>
          <button
            type="button"
            className={styles.iconButton}
            onClick={() => controller.next()}
            aria-label={t('views.calendar.next')}
          >
            {rtl ? (
              <ChevronLeft size={16} aria-hidden="true" />
            ) : (
              <ChevronRight size={16} aria-hidden="true" />
            )}
          </button>
          <h2 className={styles.title} id={titleId} aria-live="polite">
            {title}
          </h2>
        </div>
        <fieldset className={styles.modes}>
          <legend className="visually-hidden">{t('views.calendar.mode')}</legend>
          {CALENDAR_MODES.map((each) => (
            <button
              key={each}
              type="button"
              className={styles.mode}
              aria-pressed={mode === each}
              onClick={() => {
                controller.changeView(FC_VIEWS[each]);
                if (each !== mode) props.onChangeSettings({ ...settings, calendar_mode: each });
              }}
            >
              {t(`views.calendar.modes.${each}`)}
            </button>
          ))}
        </fieldset>
        <CalendarSettingsBar
          attributes={attributes}
          settings={settings}
          shown={model.dateAttributes}
          onChangeSettings={props.onChangeSettings}
          readOnly={readOnly}
          feed={props.feed}
        />
      </div>
      <div className={styles.body}>
        <section className={styles.calendar} aria-labelledby={titleId} ref={sectionRef}>
          <FullCalendar
            controller={controller}
            plugins={PLUGINS}
            initialView={FC_VIEWS[mode]}
            headerToolbar={false}
            height="100%"
            events={events}
            editable={!readOnly}
            eventDurationEditable={!readOnly}
            dayMaxEvents
            direction={rtl ? 'rtl' : 'ltr'}
            locale={calendarLocale}
            moreLinkText={moreLinkText}
            firstDay={firstDayOfWeek(locale, context.weekStartsOn)}
            timeZone={context.timeZone ?? 'local'}
            datesSet={onDatesSet}
            eventClick={onEventClick}
            eventDrop={onMoved}
            eventResize={onMoved}
            dateClick={onDateClick}
            droppable={!readOnly}
            drop={onDrop}
          />
        </section>
        <aside className={styles.undated} aria-label={t('views.calendar.undatedTitle')}>
          <h3 className={styles.undatedTitle}>
            {t('views.calendar.undated', { count: model.undated.length })}
          </h3>
          {model.undated.length === 0 ? (
            <p className={styles.hint}>{t('views.calendar.allDated')}</p>
          ) : (
            <ul className={styles.undatedList} ref={undatedRef}>
              {model.undated.slice(0, UNDATED_SHOWN).map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    className={styles.undatedItem}
                    data-item-id={item.id}
                    onClick={() => props.onOpenItem(item.id)}
                  >
                    {itemTitle(item, nameAttribute, props.dataOf) || t('views.calendar.untitled')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </aside>
      </div>
    </div>
  );
}

/** The undated items listed at most (the count above says how many there are). */
const UNDATED_SHOWN = 200;

/**
 * Makes the calendar's scrolling areas reachable by keyboard (a week's or day's hours scroll
 * inside the grid): each that scrolls becomes a tab stop, so its hours can be read with the arrow
 * keys (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
function focusableScrollers(root: HTMLElement): void {
  for (const element of Array.from(root.querySelectorAll<HTMLElement>('div'))) {
    const overflow = getComputedStyle(element).overflowY;
    const scrolls =
      (overflow === 'auto' || overflow === 'scroll') && element.scrollHeight > element.clientHeight;
    if (scrolls && !element.hasAttribute('tabindex')) element.tabIndex = 0;
  }
}

/** ARIA attributes of tables and their parts, which a group and plain containers may not carry. */
const TABLE_ATTRIBUTES = [
  'aria-colcount',
  'aria-rowcount',
  'aria-colindex',
  'aria-rowindex',
  'aria-colspan',
  'aria-rowspan',
  'aria-sort',
  'aria-selected',
];

const TABLE_PARTS =
  '[role="rowgroup"],[role="row"],[role="cell"],[role="gridcell"],[role="columnheader"],[role="rowheader"]';

/**
 * FullCalendar's week and day grids call themselves a table, but draw their events (buttons) in
 * layers beside the rows, not in cells, and their hours scroll in a box (a tab stop, above) that
 * is no cell either: a screen reader cannot place those in a table (axe's
 * aria-required-children). Such a table is presented as a group of its texts and buttons instead:
 * its rows and cells become plain containers; each event's button keeps its name, day and time.
 * The month grid, whose events sit in their day's cell, keeps its table.
 */
function tablesWithStrayEvents(root: HTMLElement): void {
  for (const table of Array.from(root.querySelectorAll('[role="table"],[role="grid"]'))) {
    const stray = Array.from(table.querySelectorAll('[role="button"],button,[tabindex]')).some(
      (button) => !button.closest('[role="cell"],[role="gridcell"],[role="columnheader"],[role="rowheader"]'),
    );
    if (!stray) continue;
    const parts = Array.from(table.querySelectorAll(TABLE_PARTS));
    const tagged = Array.from(table.querySelectorAll(TABLE_ATTRIBUTES.map((name) => `[${name}]`).join(',')));
    if (table.getAttribute('role') !== 'group') table.setAttribute('role', 'group');
    for (const part of parts) part.setAttribute('role', 'none');
    for (const element of [table, ...tagged])
      for (const name of TABLE_ATTRIBUTES) if (element.hasAttribute(name)) element.removeAttribute(name);
  }
}
