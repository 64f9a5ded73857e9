import { defineCodes } from '@intranet/platform-errors';

/** §5 Event and §8 event error codes of the calendar with their English texts (issue 30 §4). */
export const CALENDAR_ERRORS = defineCodes('calendar', {
  eventNameShort: { text: 'Name must be more than 5 symbols' },
  eventPastDate: { text: 'The date has already passed' },
  eventTimePassed: { text: 'This time has already passed today' },
  eventEndBeforeStart: { text: 'End time must be after the start time' },
  eventTime: { text: 'Time must be HH:MM' },
  eventWeekdays: { text: 'Choose at least one weekday' },
  eventRepeatEnd: { text: 'Set an end date or a number of repeats' },
  eventCountMin: { text: 'The number of repeats must be more than 1' },
  eventUntilBeforeStart: { text: 'The end date must be after the start date' },
  eventSeriesTooLong: { text: 'A series may last at most 10 years' },
  eventTimeZone: { text: 'Unknown time zone' },
  eventRangeTooLong: { text: 'The range may be at most 400 days' },
  eventRangeOrder: { text: 'The end of the range must be after its start' },
  eventDeleteError: { text: 'The event could not be deleted' },
  eventNoOccurrence: { text: 'There is no such occurrence in this series' },
  eventPeriodicOnly: { text: 'This is a periodic event: use the periodic event call' },
  eventNotPeriodic: { text: 'This event does not repeat' },
});
