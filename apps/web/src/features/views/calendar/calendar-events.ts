import { calendarModel as domainCalendarModel } from '@strata/domain/views/calendar-model';
import { BOARD_COLORS } from '../../boards/board-colors';

export { CALENDAR_DATE_TYPES, itemTitle, valueAfterMove } from '@strata/domain/views/calendar-model';

const PALETTE = BOARD_COLORS.map((color) => color.value);

/** The domain's calendar model (shared with the server's feed), coloured with the board palette. */
export function calendarModel(options: Omit<Parameters<typeof domainCalendarModel>[0], 'palette'>) {
  return domainCalendarModel({ ...options, palette: PALETTE });
}
