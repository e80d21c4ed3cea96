/**
 * Calendar render: in Chromium, a folder of 10,000 dated items opened in its calendar view (the
 * month) must be drawn with its day cells and events in <= 1.5x the time the same view of an
 * empty folder takes, and the calendar's DOM must not grow with the items beyond the days' visible
 * cap (`dayMaxEvents`: the rest behind "+N more"): about the same at 10,000 items as at 1,000.
 *
 * Method:
 * - The web app as users get it: built with its own Vite config (production, into a temporary
 *   directory) and served, with the API and the real-time hub, by one app as in production (full
 *   plugin stack) on a PGlite data directory, on a local port. One board with the eight attributes
 *   of the benches' fixture (a date attribute among them, the one the calendar places items by)
 *   and three folders of 0, 1,000 and 10,000 items, dated over the days of the current month (the
 *   month the calendar opens on); each folder has a stored calendar view (month mode, the view's
 *   defaults), saved through `PUT /api/{teamId}/views/{id}`.
 * - A sample is one visit of `/b/{board}/{folder}?view={id}` by a signed-in user, at 1280 x 800,
 *   in a fresh browser context (service workers blocked), either `cold` (the first visit on the
 *   device: nothing in IndexedDB or the HTTP cache, so the items come from the server) or `warm`
 *   (a second visit, once the first one's records are kept in IndexedDB: they show while the
 *   server is asked again). Its time runs from the navigation's start to the frame that draws the
 *   calendar (its tab selected) with its month title, the month grid's day cells and, for a folder
 *   with items, an event inside a day cell; that frame's animation frame, with its style and
 *   layout done. So it holds everything that grows with the folder: the items' read on the
 *   server, transfer and JSON (or IndexedDB), the record store, the calendar's model (the view's
 *   filters, the events) and FullCalendar's layout of them.
 * - Once settled (1 s after that frame), the elements inside the calendar's section are counted,
 *   and the events in the day cells: those drawn visible, and all of them (FullCalendar keeps a
 *   few hidden ones mounted behind "+N more"); each the median over a size's visits.
 * - Warm-up of WARMUP visits of each kind, then ROUNDS rounds (env ROUNDS, default 5) of every
 *   size and kind, the order turned each round. Ratio = median(10,000) / median(0) per kind; the
 *   line's ratio is the worse of the two. `cold_items_ms` is when the items' answer had arrived
 *   (resource timing) in the cold visits of 0 and 10,000 items: the server's and the network's
 *   share, the rest being the page's.
 */
import { benchValues, insertBenchItems } from './lib/board-fixture';
import {
  type DrawnVisit,
  MODES,
  type ServedApp,
  sampleVisits,
  seedViews,
  type ViewTarget,
  type ViewWatch,
  withServedApp,
} from './lib/page-visit';
import { round } from './lib/stats';
import type { BenchResult } from './lib/types';

const SIZES = [0, 1_000, 10_000] as const;
const WARMUP = 1;
const ROUNDS = Number(process.env.ROUNDS ?? 5);

interface Visit extends DrawnVisit {
  /** Elements inside the calendar's section, once settled. */
  nodes: number;
  /** Events in the day cells, once settled: all of them, and those drawn visible. */
  events: number;
  visibleEvents: number;
  /** The days' "+N more" links, once settled. */
  moreLinks: number;
  /** The month's title, once settled. */
  title: string;
}

/** `YYYY-MM-DD` of the nth item's day: the days of the current month in turn. */
function monthDays(): (n: number) => string {
  const now = new Date();
  const [year, month] = [now.getFullYear(), now.getMonth()];
  const days = new Date(year, month + 1, 0).getDate();
  return (n) => new Date(Date.UTC(year, month, 1 + (n % days))).toISOString().slice(0, 10);
}

/** Three folders of 0, 1,000 and 10,000 dated items, each with a stored calendar view. */
function seed(served: ServedApp): Promise<ViewTarget[]> {
  const { board } = served;
  // The items' dates spread over the current month's days (the calendar opens on today's month).
  const dayOf = monthDays();
  const dateId = board.attributeIds.date!;
  const fill = async (folderId: string, size: number) => {
    if (size > 0)
      await insertBenchItems(board, folderId, size, (n) => ({
        ...benchValues(board, n),
        [dateId]: { data: dayOf(n) },
      }));
  };
  return seedViews(served, { sizes: SIZES, types: ['calendar'], fill });
}

/**
 * The calendar is drawn when it shows its month: title, day cells and, with items, an event in a
 * day cell. Counted once settled: its elements, its events (all, and those drawn visible), the
 * "+N more" links and the month's title.
 */
const CALENDAR_WATCH: ViewWatch = {
  settleMs: 1_000,
  script: `
const viewElement = () => document.querySelector('section[class*="calendar"]');
// An event in a day cell (the "+N more" link is a button too, opening a dialog).
const EVENT = '[role="cell"][data-date] [role="button"]:not([aria-haspopup])';
const isDrawn = () => {
  const calendar = viewElement();
  if (!calendar || calendar.querySelectorAll('[role="cell"][data-date]').length < 28) return false;
  const title = calendar.parentElement.parentElement.querySelector('h2');
  if (!title || title.textContent.trim() === '') return false;
  return target.size === 0 || !!calendar.querySelector(EVENT);
};
const measure = (calendar) => {
  const events = calendar ? [...calendar.querySelectorAll(EVENT)] : [];
  const visible = events.filter((event) => {
    const box = event.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(event).visibility !== 'hidden';
  });
  return {
    nodes: calendar ? calendar.querySelectorAll('*').length : 0,
    events: events.length,
    visibleEvents: visible.length,
    moreLinks: calendar
      ? calendar.querySelectorAll('[role="cell"][data-date] [role="button"][aria-haspopup]').length
      : 0,
    title: calendar ? calendar.parentElement.parentElement.querySelector('h2').textContent : '',
  };
};
`,
};

export async function run(): Promise<BenchResult> {
  return withServedApp(async (served) => {
    const targets = await seed(served);
    const samples = await sampleVisits<Visit>({
      ...served,
      targets,
      watch: CALENDAR_WATCH,
      warmup: WARMUP,
      rounds: ROUNDS,
    });

    const { of, ms, itemsMs, settled } = samples;
    const nodes = (size: number) => settled(size, (s) => s.nodes);
    if (settled(10_000, (s) => s.visibleEvents) < 1)
      throw new Error(`the 10,000-item month drew no events (${of('cold', 10_000).at(-1)!.title})`);
    const ratios = MODES.map((mode) => ms(mode, 10_000) / ms(mode, 0));
    return {
      name: 'calendar-render',
      ratio: Math.max(...ratios),
      goal: '<=1.5',
      details: {
        cold_ratio: round(ratios[0]!, 3),
        warm_ratio: round(ratios[1]!, 3),
        cold_0_ms: round(ms('cold', 0)),
        cold_1000_ms: round(ms('cold', 1_000)),
        cold_10000_ms: round(ms('cold', 10_000)),
        warm_0_ms: round(ms('warm', 0)),
        warm_1000_ms: round(ms('warm', 1_000)),
        warm_10000_ms: round(ms('warm', 10_000)),
        cold_items_ms: `${round(itemsMs(0))}/${round(itemsMs(10_000))}`,
        nodes_0: nodes(0),
        nodes_1000: nodes(1_000),
        nodes_10000: nodes(10_000),
        nodes_ratio: round(nodes(10_000) / nodes(1_000), 3),
        events_10000: settled(10_000, (s) => s.visibleEvents),
        event_elements_10000: settled(10_000, (s) => s.events),
        more_links_10000: settled(10_000, (s) => s.moreLinks),
        rounds: ROUNDS,
      },
    };
  });
}
