import { z } from 'zod';
import { viewIdParams } from './views';

export const calendarFeedPaths = {
  /** GET the state of the caller's feed of a calendar view, POST a new secret URL, DELETE revokes. */
  feed: '/api/:teamId/views/:viewId/calendar-feed',
  /** The anonymous iCalendar document: `{token}.ics`. */
  read: '/api/calendar-feeds/:file',
} as const;

export const calendarFeedParams = viewIdParams;
export const calendarFeedFileParams = z.object({ file: z.string().max(200) });

/** A feed's subscription URL, answered once when made (only its hash is kept). */
export const calendarFeedUrlSchema = z.object({
  /** `https://…/api/calendar-feeds/{token}.ics` */
  url: z.string(),
  /** The same with the `webcal://` scheme, which calendar applications open as a subscription. */
  webcal_url: z.string(),
});
export type CalendarFeedUrl = z.infer<typeof calendarFeedUrlSchema>;

/** Whether the caller has a feed of the view (its URL cannot be shown again). */
export const calendarFeedStateSchema = z.object({
  active: z.boolean(),
  created_at: z.string().nullable(),
  last_read_at: z.string().nullable(),
});
export type CalendarFeedState = z.infer<typeof calendarFeedStateSchema>;
