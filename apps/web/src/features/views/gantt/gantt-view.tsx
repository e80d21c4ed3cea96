import { dayNumberToIso } from '@strata/domain/attributes/date-values';
import { firstDayOfWeek } from '@strata/domain/locale';
import { criticalPath } from '@strata/domain/scheduling/critical-path';
import { readDependencyLinks, scheduledValue } from '@strata/domain/scheduling/dependency-values';
import { reschedule } from '@strata/domain/scheduling/schedule';
import { GANTT_DAY_WIDTH, GANTT_KEY_STEP, type GanttBar, ganttModel } from '@strata/domain/views/gantt-model';
import type { ViewItem } from '@strata/domain/views/view-rows';
import { useVirtualizer } from '@tanstack/react-virtual';
import { AlertTriangle } from 'lucide-react';
import {
  type KeyboardEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useFirstItemsFirst } from '../first-items';
import { useIsRtl } from '../table/table-hooks';
import styles from './gantt.module.css';
import { type BarBox, GanttArrows } from './gantt-arrows';
import { GanttSettingsBar } from './gantt-settings-bar';
import { timelineTicks, todayIn } from './gantt-timeline';
import type { GanttViewProps } from './gantt-view-props';

const ROW_HEIGHT = 36;
/** The names' column: 260 px, narrower on a small screen (a third of the view, at least 120 px). */
const nameWidthFor = (viewWidth: number) => Math.round(Math.min(260, Math.max(120, viewWidth / 3)));
/** Pointer travel (px) before a press on a bar becomes a drag rather than a click. */
const DRAG_SLOP = 4;

type Span = { start: number; end: number };
type DragMode = 'move' | 'start' | 'end' | 'link';
interface Drag {
  mode: DragMode;
  itemId: string;
  bar: GanttBar;
  x0: number;
  moved: boolean;
  /** Link drags: the pointer's position over the timeline (logical px) and row. */
  pointer?: { x: number; y: number };
}

/**
 * The gantt view (docs/views.md, "Gantt"): the folder's items as rows (grouped by the view's
 * label attribute, subitems one level in) with a bar each from the dates attribute, a timeline
 * at a day, week, month or quarter scale with today marked, and the board's dependencies as
 * arrows. Drag a bar to move it, its edges to change its start or end, its dot onto another bar
 * to make that one depend on it; by keyboard, arrows move the focused bar and Shift+arrows
 * change its end. Dependents move with their predecessors (the domain's scheduler, shown while
 * dragging; the server applies the same rule when the change is saved). Rows and the header are
 * virtualised: what is drawn does not grow with the folder. Under right to left the timeline runs
 * from the right.
 */
export function GanttView(props: GanttViewProps) {
  const { t, i18n } = useTranslation();
  const rootRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLElement>(null);
  const rtl = useIsRtl(rootRef, props.dir);
  const readOnly = props.readOnly ?? false;
  const { settings, attributes, context } = props;
  const locale = context.locale ?? i18n.language;
  const today = useMemo(() => todayIn(context.timeZone), [context.timeZone]);
  const items = useFirstItemsFirst(props.items, settings);
  const model = useMemo(
    () =>
      ganttModel({
        items,
        attributes,
        settings,
        today,
        context,
        dataOf: props.dataOf,
      }),
    [items, attributes, settings, today, context, props.dataOf],
  );
  const dayWidth = GANTT_DAY_WIDTH[settings.gantt_zoom];
  const days = model.last - model.first + 1;
  const timelineWidth = days * dayWidth;
  const nameAttribute = attributes.find((attribute) => attribute.id === props.nameAttributeId);
  const titleOf = useCallback(
    (item: ViewItem) => {
      const name = nameAttribute
        ? (props.dataOf?.(item, nameAttribute) ?? item.values[nameAttribute.id]?.data)
        : null;
      return typeof name === 'string' && name.trim() !== '' ? name : t('views.gantt.untitled');
    },
    [nameAttribute, props.dataOf, t],
  );

  // A drag in progress, and the spans it (and the scheduler) gives until the store has them.
  const [drag, setDrag] = useState<Drag | null>(null);
  const [preview, setPreview] = useState<ReadonlyMap<string, Span>>(new Map());
  const pending = useRef<ReadonlyMap<string, Span>>(new Map());
  useEffect(() => {
    // Saved spans stay drawn until the items show them (the server moves dependents a moment later).
    const left = new Map<string, Span>();
    for (const row of model.rows) {
      if (row.kind !== 'item') continue;
      const span = pending.current.get(row.item.id);
      if (span && (row.bar?.start !== span.start || row.bar?.end !== span.end)) left.set(row.item.id, span);
    }
    pending.current = left;
    if (!drag) setPreview(left);
    if (left.size === 0) return;
    const timer = setTimeout(() => {
      pending.current = new Map();
      setPreview(new Map());
    }, 3000);
    return () => clearTimeout(timer);
  }, [model, drag]);

  const critical = useMemo(() => {
    if (!settings.show_critical_path) return new Set<string>();
    try {
      return new Set(criticalPath(model.tasks, model.calendar));
    } catch {
      return new Set<string>();
    }
  }, [settings.show_critical_path, model.tasks, model.calendar]);

  const virtualizer = useVirtualizer({
    count: model.rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const virtualRows = virtualizer.getVirtualItems();

  // The days in sight, for the header (only its visible cells are drawn).
  const [scrollX, setScrollX] = useState(0);
  const [viewWidth, setViewWidth] = useState(1200);
  const onScroll = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    setScrollX(Math.abs(element.scrollLeft));
    setViewWidth(element.clientWidth);
  }, []);
  // The view's width when it opens and whenever it is resized (the names' column follows it).
  const drawn = model.datesAttribute !== null;
  useEffect(() => {
    const element = scrollRef.current;
    if (!drawn || !element) return;
    const observer = new ResizeObserver(() => setViewWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [drawn]);
  const nameWidth = nameWidthFor(viewWidth);
  const seenFirst = model.first + Math.max(0, Math.floor(scrollX / dayWidth) - 7);
  const seenLast = model.first + Math.ceil((scrollX + viewWidth) / dayWidth) + 7;
  const quarterLabel = useCallback((quarter: number) => t('views.gantt.quarter', { quarter }), [t]);
  const ticks = useMemo(
    () =>
      timelineTicks(
        seenFirst,
        Math.min(seenLast, model.last),
        settings.gantt_zoom,
        locale,
        context.weekStartsOn ?? firstDayOfWeek(locale),
        quarterLabel,
      ),
    [seenFirst, seenLast, model.last, settings.gantt_zoom, locale, context.weekStartsOn, quarterLabel],
  );

  const scrollToDay = useCallback(
    (day: number) => {
      const element = scrollRef.current;
      if (!element) return;
      const x = Math.max(0, (day - model.first) * dayWidth - element.clientWidth / 3);
      element.scrollLeft = rtl ? -x : x;
      onScroll();
    },
    [model.first, dayWidth, rtl, onScroll],
  );
  // The timeline's first day moves when items come (the rest of a folder after its first rows) or
  // are planned earlier: the scroll follows, so that what is in sight stays where it is.
  const shownFirst = useRef(model.first);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    const shift = (shownFirst.current - model.first) * dayWidth;
    shownFirst.current = model.first;
    if (!element || shift === 0) return;
    element.scrollLeft += rtl ? -shift : shift;
    onScroll();
  }, [model.first, dayWidth, rtl, onScroll]);
  // Opens on today (and again when the scale changes).
  const opened = useRef<string | null>(null);
  useEffect(() => {
    const key = `${settings.gantt_zoom}:${rtl}`;
    if (opened.current === key) return;
    opened.current = key;
    scrollToDay(today);
  }, [settings.gantt_zoom, rtl, today, scrollToDay]);

  const spanOf = (id: string, bar: GanttBar | null): Span | null => preview.get(id) ?? bar;
  const boxes = new Map<string, BarBox>();
  for (const virtual of virtualRows) {
    const row = model.rows[virtual.index];
    if (row?.kind !== 'item') continue;
    const span = spanOf(row.item.id, row.bar);
    if (span) boxes.set(row.item.id, boxOf(virtual.index, span));
  }
  function boxOf(index: number, span: Span): BarBox {
    return {
      row: index,
      x: (span.start - model.first) * dayWidth,
      width: (span.end - span.start + 1) * dayWidth,
    };
  }
  // Arrows whose two ends are both drawn (a far end is placed from the model, off screen).
  const rowIndex = useMemo(() => {
    const index = new Map<string, number>();
    model.rows.forEach((row, at) => {
      if (row.kind === 'item') index.set(row.item.id, at);
    });
    return index;
  }, [model.rows]);
  const barsById = useMemo(() => {
    const bars = new Map<string, GanttBar>();
    for (const row of model.rows) if (row.kind === 'item' && row.bar) bars.set(row.item.id, row.bar);
    return bars;
  }, [model.rows]);
  const drawnLinks = model.links.filter((link) => boxes.has(link.fromId) || boxes.has(link.toId));
  for (const link of drawnLinks)
    for (const id of [link.fromId, link.toId]) {
      if (boxes.has(id)) continue;
      const bar = barsById.get(id);
      const at = rowIndex.get(id);
      const span = bar && spanOf(id, bar);
      if (span && at !== undefined) boxes.set(id, boxOf(at, span));
    }

  const datesAttribute = model.datesAttribute;
  /** The spans a bar's new days give, with the dependents the scheduler moves. */
  const planned = useCallback(
    (itemId: string, span: Span): Map<string, Span> => {
      const tasks = model.tasks.map((task) => (task.id === itemId ? { ...task, ...span } : task));
      const spans = new Map<string, Span>([[itemId, span]]);
      try {
        for (const change of reschedule(tasks, model.calendar))
          if (change.id !== itemId) spans.set(change.id, { start: change.start, end: change.end });
      } catch {
        // A cycle: the server refuses it and says so; nothing else is previewed.
      }
      return spans;
    },
    [model.tasks, model.calendar],
  );
  const save = useCallback(
    (itemId: string, span: Span) => {
      if (!datesAttribute) return;
      const spans = planned(itemId, span);
      pending.current = spans;
      setPreview(spans);
      props.onChangeValue(
        itemId,
        datesAttribute.id,
        scheduledValue(datesAttribute.type as 'date' | 'date_range', { id: itemId, ...span }),
      );
    },
    [datesAttribute, planned, props.onChangeValue],
  );
  const link = useCallback(
    (fromId: string, toId: string) => {
      const dependency = model.dependencyAttribute;
      if (!dependency || fromId === toId) return;
      const target = model.rows.find((row) => row.kind === 'item' && row.item.id === toId);
      if (target?.kind !== 'item') return;
      const stored = target.item.values[dependency.id]?.data;
      const links = Array.isArray(stored) ? stored : [];
      if (readDependencyLinks(links).some((entry) => entry.predecessorId === fromId)) return;
      props.onChangeValue(toId, dependency.id, [...links, { item_id: fromId, type: 'FS', lag_days: 0 }]);
    },
    [model.dependencyAttribute, model.rows, props.onChangeValue],
  );

  const deltaDays = (clientX: number, x0: number) => Math.round(((clientX - x0) * (rtl ? -1 : 1)) / dayWidth);
  const spanAfter = (mode: DragMode, bar: GanttBar, delta: number): Span => {
    if (mode === 'start') return { start: Math.min(bar.start + delta, bar.end), end: bar.end };
    if (mode === 'end') return { start: bar.start, end: Math.max(bar.end + delta, bar.start) };
    return { start: bar.start + delta, end: bar.end + delta };
  };
  /** A bar as last saved: a drag or a key before the store shows a save goes on from there. */
  const shownBar = (itemId: string, bar: GanttBar): GanttBar => ({ ...bar, ...pending.current.get(itemId) });
  const onPointerDown = (event: PointerEvent, itemId: string, bar: GanttBar, mode: DragMode) => {
    if (readOnly || event.button !== 0) return;
    event.stopPropagation();
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    setDrag({ mode, itemId, bar: shownBar(itemId, bar), x0: event.clientX, moved: false });
  };
  const timelineRef = useRef<HTMLDivElement>(null);
  const onPointerMove = (event: PointerEvent) => {
    if (!drag) return;
    if (drag.mode === 'link') {
      const area = timelineRef.current?.getBoundingClientRect();
      if (!area) return;
      const x = rtl ? area.right - event.clientX : event.clientX - area.left;
      setDrag({ ...drag, moved: true, pointer: { x, y: event.clientY - area.top } });
      return;
    }
    const moved = drag.moved || Math.abs(event.clientX - drag.x0) > DRAG_SLOP;
    if (moved !== drag.moved) setDrag({ ...drag, moved });
    if (!moved) return;
    setPreview(planned(drag.itemId, spanAfter(drag.mode, drag.bar, deltaDays(event.clientX, drag.x0))));
  };
  const onPointerUp = (event: PointerEvent) => {
    if (!drag) return;
    const current = drag;
    setDrag(null);
    if (current.mode === 'link') {
      const target = document
        .elementFromPoint(event.clientX, event.clientY)
        ?.closest<HTMLElement>('[data-gantt-item]')?.dataset.ganttItem;
      if (target) link(current.itemId, target);
      return;
    }
    if (!current.moved) {
      setPreview(pending.current);
      props.onOpenItem(current.itemId);
      return;
    }
    const span = spanAfter(current.mode, current.bar, deltaDays(event.clientX, current.x0));
    if (span.start === current.bar.start && span.end === current.bar.end) setPreview(pending.current);
    else save(current.itemId, span);
  };
  const onBarKey = (event: KeyboardEvent, itemId: string, bar: GanttBar) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      props.onOpenItem(itemId);
      return;
    }
    if (readOnly || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
    event.preventDefault();
    const later = (event.key === 'ArrowRight') !== rtl;
    const step = GANTT_KEY_STEP[settings.gantt_zoom] * (later ? 1 : -1);
    save(itemId, spanAfter(event.shiftKey && !bar.milestone ? 'end' : 'move', shownBar(itemId, bar), step));
  };
  /** An undated item's lane clicked: planned from the clicked day (from today by keyboard). */
  const onEmptyRowClick = (event: { clientX: number; detail: number }, itemId: string) => {
    if (readOnly || !datesAttribute) return;
    const area = timelineRef.current?.getBoundingClientRect();
    if (!area) return;
    const x = rtl ? area.right - event.clientX : event.clientX - area.left;
    const day = event.detail === 0 ? today : model.first + Math.floor(x / dayWidth);
    save(itemId, { start: day, end: datesAttribute.type === 'date' ? day : day + 1 });
  };

  const hintId = useId();
  const dateText = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }),
    [locale],
  );
  const dayText = (day: number) => dateText.format(new Date(`${dayNumberToIso(day)}T00:00:00Z`));

  if (!datesAttribute)
    return (
      <div className={styles.empty} ref={rootRef}>
        <p>{t('views.gantt.noDateAttribute')}</p>
      </div>
    );

  const bodyHeight = virtualizer.getTotalSize();
  return (
    <div className={styles.area} ref={rootRef}>
      <GanttSettingsBar
        attributes={attributes}
        settings={settings}
        datesAttributeId={datesAttribute.id}
        onChangeSettings={props.onChangeSettings}
        onToday={() => scrollToDay(today)}
        readOnly={readOnly}
      />
      <p id={hintId} className="visually-hidden">
        {readOnly ? t('views.gantt.readOnlyHint') : t('views.gantt.keyboardHint')}
      </p>
      {/* It scrolls both ways; its bars and names take the focus (and so scroll it by keyboard). */}
      <section
        className={styles.scroller}
        ref={scrollRef}
        onScroll={onScroll}
        aria-label={props.label ?? t('views.gantt.title')}
      >
        <div
          className={styles.canvas}
          style={{ inlineSize: nameWidth + timelineWidth, ['--gantt-names' as string]: `${nameWidth}px` }}
        >
          <div className={styles.header} style={{ blockSize: 2 * 24 }}>
            <div className={styles.corner} style={{ inlineSize: nameWidth }}>
              {t('views.gantt.items')}
            </div>
            <div className={styles.ticks} style={{ inlineSize: timelineWidth }} aria-hidden="true">
              {(['upper', 'lower'] as const).map((level) =>
                ticks[level].map((tick) => {
                  const first = Math.max(tick.first, model.first);
                  return (
                    <div
                      key={`${level}${tick.key}`}
                      className={level === 'upper' ? styles.tickUpper : styles.tickLower}
                      style={{
                        insetInlineStart: (first - model.first) * dayWidth,
                        inlineSize: (tick.last - first + 1) * dayWidth,
                      }}
                    >
                      <span className={styles.tickText}>{tick.label}</span>
                    </div>
                  );
                }),
              )}
            </div>
          </div>
          <div
            className={styles.body}
            style={{ blockSize: bodyHeight }}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={() => {
              setDrag(null);
              setPreview(pending.current);
            }}
          >
            <div
              className={styles.timeline}
              ref={timelineRef}
              style={{ insetInlineStart: nameWidth, inlineSize: timelineWidth, blockSize: bodyHeight }}
            >
              {today >= model.first && today <= model.last && (
                <div
                  className={styles.today}
                  style={{ insetInlineStart: (today - model.first) * dayWidth + dayWidth / 2 }}
                  title={t('views.gantt.today')}
                />
              )}
              <GanttArrows
                links={drawnLinks}
                boxes={boxes}
                width={timelineWidth}
                height={bodyHeight}
                rowHeight={ROW_HEIGHT}
                rtl={rtl}
                critical={critical}
              />
              {drag?.mode === 'link' && drag.pointer && boxes.get(drag.itemId) && (
                <svg
                  className={styles.arrows}
                  width={timelineWidth}
                  height={bodyHeight}
                  style={rtl ? { transform: 'scaleX(-1)' } : undefined}
                  aria-hidden="true"
                >
                  <line
                    className={styles.linkLine}
                    x1={boxes.get(drag.itemId)!.x + boxes.get(drag.itemId)!.width}
                    y1={boxes.get(drag.itemId)!.row * ROW_HEIGHT + ROW_HEIGHT / 2}
                    x2={drag.pointer.x}
                    y2={drag.pointer.y}
                  />
                </svg>
              )}
            </div>
            {virtualRows.map((virtual) => {
              const row = model.rows[virtual.index]!;
              const top = virtual.start;
              if (row.kind === 'group')
                return (
                  <div key={`g${row.key}`} className={styles.groupRow} style={{ insetBlockStart: top }}>
                    <div className={styles.name} style={{ inlineSize: nameWidth }}>
                      <span className={`truncate ${styles.groupTitle}`} dir="auto" title={row.title}>
                        {row.title || t('views.gantt.noGroup')}
                      </span>
                      <span className={styles.count}>{row.count}</span>
                    </div>
                  </div>
                );
              const { item, bar } = row;
              const span = spanOf(item.id, bar);
              const title = titleOf(item);
              const moving = drag?.itemId === item.id && drag.moved;
              return (
                <div
                  key={item.id}
                  className={styles.row}
                  style={{ insetBlockStart: top }}
                  data-gantt-item={item.id}
                >
                  <div
                    className={styles.name}
                    style={{ inlineSize: nameWidth, paddingInlineStart: 8 + row.depth * 20 }}
                  >
                    <button
                      type="button"
                      className={`truncate ${styles.nameButton}`}
                      dir="auto"
                      title={title}
                      onClick={() => props.onOpenItem(item.id)}
                    >
                      {title}
                    </button>
                  </div>
                  <div className={styles.lane} style={{ inlineSize: timelineWidth }}>
                    {!bar && !readOnly && (
                      <button
                        type="button"
                        className={styles.planButton}
                        aria-label={t('views.gantt.setDates', { name: title })}
                        title={t('views.gantt.setDates', { name: title })}
                        onClick={(event) => onEmptyRowClick(event, item.id)}
                      />
                    )}
                    {span && bar && (
                      <button
                        type="button"
                        data-gantt-bar={item.id}
                        className={[
                          styles.bar,
                          bar.milestone ? styles.milestone : '',
                          bar.endBeforeStart ? styles.flagged : '',
                          critical.has(item.id) ? styles.critical : '',
                          moving ? styles.moving : '',
                        ].join(' ')}
                        style={{
                          insetInlineStart: (span.start - model.first) * dayWidth,
                          inlineSize: bar.milestone ? undefined : (span.end - span.start + 1) * dayWidth,
                        }}
                        aria-label={
                          bar.milestone
                            ? t('views.gantt.milestoneLabel', { name: title, date: dayText(span.start) })
                            : t('views.gantt.barLabel', {
                                name: title,
                                start: dayText(span.start),
                                end: dayText(span.end),
                              })
                        }
                        aria-describedby={hintId}
                        title={bar.endBeforeStart ? t('views.gantt.endBeforeStart') : title}
                        onPointerDown={(event) => onPointerDown(event, item.id, bar, 'move')}
                        onKeyDown={(event) => onBarKey(event, item.id, bar)}
                      >
                        {bar.progress !== null && !bar.milestone && (
                          <span
                            className={styles.progress}
                            style={{ inlineSize: `${bar.progress * 100}%` }}
                          />
                        )}
                        {bar.endBeforeStart && (
                          <AlertTriangle size={14} aria-hidden="true" className={styles.flagIcon} />
                        )}
                        {!bar.milestone && (
                          <span className={`truncate ${styles.barText}`} dir="auto">
                            {title}
                          </span>
                        )}
                        {!readOnly && !bar.milestone && (
                          <>
                            <span
                              className={`${styles.handle} ${styles.handleStart}`}
                              onPointerDown={(event) => onPointerDown(event, item.id, bar, 'start')}
                            />
                            <span
                              className={`${styles.handle} ${styles.handleEnd}`}
                              onPointerDown={(event) => onPointerDown(event, item.id, bar, 'end')}
                            />
                          </>
                        )}
                        {!readOnly && model.dependencyAttribute && (
                          <span
                            className={styles.linkDot}
                            title={t('views.gantt.linkHandle', { name: title })}
                            onPointerDown={(event) => onPointerDown(event, item.id, bar, 'link')}
                          />
                        )}
                      </button>
                    )}
                  </div>
                </div>
              );
            })}
          </div>
        </div>
      </section>
    </div>
  );
}
