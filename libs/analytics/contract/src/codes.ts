import { defineCodes } from '@intranet/platform-errors';

/** §5 / §9 analytics and mood error codes with their English texts; the web words each code in ru, uk and en. */
export const ANALYTICS_ERRORS = defineCodes('analytics', {
  /** §9 mood scale 1-10. */
  moodOutOfRange: { text: 'The mood rating must be from 1 to 10' },
  /** One rating per person and analysis period. */
  moodAlreadyRated: { text: 'You have already rated your mood this period', kind: 'conflict' },
  /** §6 the superadmin is never asked. */
  moodNotForSuperadmin: { text: 'The superadmin does not rate mood', kind: 'forbidden' },
  /** A period whose end is before its start. */
  periodInvalid: { text: 'The period end is before its start' },
  /** A period bound that is not a day. */
  dayInvalid: { text: 'Enter a day as YYYY-MM-DD' },
  /** §7 module visit: a module outside the tracked list of §2. */
  moduleNotTracked: { text: 'This module is not tracked' },
});
