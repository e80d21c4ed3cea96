import type { TimeViewProps } from '../table/table-view-props';

/**
 * What the calendar view takes: the table's data and callbacks it uses, and `onCreateOn`, which
 * creates an item with these values (a clicked day's date) and opens it to be named, and `feed`.
 */
export type CalendarViewProps = TimeViewProps & {
  onCreateOn?(values: Record<string, unknown>): void;
  /** The stored view's ids, for its calendar feed (absent until the view reaches the server). */
  feed?: { teamId: number; viewId: string };
};
