import type { CalendarModel } from '@strata/domain/views/calendar-model';
import { nextDay } from '@strata/domain/views/calendar-model';
import ical, { type ICalEventData } from 'ical-generator';

/** How often a subscribed calendar application should read the feed again (RFC 7986, 1 hour). */
export const FEED_REFRESH_SECONDS = 3600;

export interface FeedItem {
  updatedAt: Date;
  /** The item's page in the web app. */
  url: string;
}

/**
 * A calendar view's events as an iCalendar document (RFC 5545; docs/views.md, "Calendar feed").
 * Each event's UID is its item's id (an item shown by a second date attribute of the view gets
 * `{itemId}-{attributeId}`, UIDs being unique in a calendar); DTSTAMP and LAST-MODIFIED are the
 * item's last change, so the document changes only when the items do. Days are DATE values with
 * an exclusive end; times are UTC instants.
 */
export function calendarFeedIcs(options: {
  name: string;
  appName: string;
  model: CalendarModel;
  items: ReadonlyMap<string, FeedItem>;
  /** The link's sentence before the item's URL in DESCRIPTION. */
  openText: string;
}): string {
  const { model } = options;
  const calendar = ical({
    name: options.name,
    prodId: { company: options.appName, product: 'Calendar feed', language: 'EN' },
    ttl: FEED_REFRESH_SECONDS,
  });
  const first = model.dateAttributes[0]?.id;
  const several = model.dateAttributes.length > 1;
  const attributeNames = new Map(model.dateAttributes.map((attribute) => [attribute.id, attribute.name]));
  for (const event of model.events) {
    const item = options.items.get(event.itemId);
    if (!item) continue;
    const day = (date: string) => new Date(`${date.slice(0, 10)}T00:00:00Z`);
    const data: ICalEventData = {
      start: event.allDay ? day(event.start) : new Date(event.start),
      id: event.attributeId === first ? event.itemId : `${event.itemId}-${event.attributeId}`,
      summary: several ? `${event.title} (${attributeNames.get(event.attributeId) ?? ''})` : event.title,
      description: `${options.openText}: ${item.url}`,
      url: item.url,
      stamp: item.updatedAt,
      lastModified: item.updatedAt,
      allDay: event.allDay,
    };
    if (event.allDay) data.end = day(event.end ?? nextDay(event.start.slice(0, 10)));
    else if (event.end) data.end = new Date(event.end);
    calendar.createEvent(data);
  }
  return calendar.toString();
}
