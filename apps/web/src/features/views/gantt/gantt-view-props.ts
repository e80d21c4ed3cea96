import type { TimeViewProps } from '../table/table-view-props';

/** What the gantt view takes: the table's data and the callbacks it uses. */
export type GanttViewProps = TimeViewProps;
