export { CalendarModule } from './calendar.module.ts';
export { events, eventMembers, overrides, reminders, feeds } from './schema.ts';
export { CalendarJobs, reminderPlan, reminderStands, PLAN_HORIZON_MS, REMINDER_QUEUE, type ReminderJob } from './jobs.ts';
export { expand, allDates, occurrenceDates, instant, toRrule, fromRrule } from './recurrence.ts';
