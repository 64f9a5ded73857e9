import { defineCodes } from '@intranet/platform-errors';

/** Error codes of the task tracker with their English texts (issue 30 §4). */
export const TASKS_ERRORS = defineCodes(
  'tasks',
  {
    laneHasTasks: { text: 'The lane has tasks: move them or delete them' },
    sameLane: { text: 'Choose another lane' },
    laneNotFound: { text: 'Lane not found' },
    deskFinished: { text: 'The board is finished' },
  },
  { wordedBy: 'tasks' },
);
