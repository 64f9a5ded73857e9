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

/** Error texts of the task tracker (server and web say the same; the web words them by code in ru, uk, en). */
export const TASKS_TEXT = {
  colour: 'Colour must be #rrggbb',
  laneHasTasks: 'The lane has tasks: move them or delete them',
  sameLane: 'Choose another lane',
  laneNotFound: 'Lane not found',
  deskFinished: 'The board is finished',
  notMember: 'User not found',
  notNumber: 'Must be a number',
  notNegative: 'Must be 0 or more',
} as const;

/** Error codes raised with TASKS_TEXT (the web's `codes` wording). */
export const TASKS_CODES = {
  laneHasTasks: 'laneHasTasks',
  sameLane: 'sameLane',
  laneNotFound: 'laneNotFound',
  deskFinished: 'deskFinished',
} as const;
