import { defineCodes } from '@intranet/platform-errors';

/**
 * §5 / §8 adaptation error codes with their English texts: the server raises them, the web words each code in ru,
 * uk and en (namespace `adaptationCodes`). `kind` is the HTTP class a refusal is raised with.
 */
export const ADAPT_ERRORS = defineCodes(
  'adaptation',
  {
    /** §5 track name required. */
    adaptTrackNameRequired: { text: 'Track name is required' },
    /** §5 employee and mentor required. */
    adaptEmployeeRequired: { text: 'Choose an employee' },
    adaptMentorRequired: { text: 'Choose a mentor' },
    /** §5 an employee is not added twice (to the same track while an adaptation of them runs on it). */
    adaptEmployeeTwice: { text: 'This employee is already on the track', kind: 'conflict' },
    /** §5 mentor and HR differ from the newcomer. */
    adaptMentorIsNewcomer: { text: 'The mentor cannot be the newcomer' },
    adaptHrIsNewcomer: { text: 'HR cannot be the newcomer' },
    /** §5 a step in progress cannot be deleted. */
    adaptStepInProgress: { text: 'A step in progress cannot be deleted', kind: 'conflict' },
    /** §5 a track with unfinished adaptations cannot be deleted. */
    adaptTrackHasAdaptations: { text: 'A track with unfinished adaptations cannot be deleted', kind: 'conflict' },
    /** §5 duplicate rewards, polls or days rejected. */
    adaptDuplicateReward: { text: 'This scenario already has a reward on day {days}' },
    adaptDuplicatePoll: { text: 'This poll is already a step of the track' },
    adaptDuplicateDay: { text: 'A step with this name already opens on day {days}' },
    /** §5 a link needs a title and a valid URL (the URL: the shared 'Invalid URL'). */
    adaptLinkTitleRequired: { text: 'A link needs a title' },
    adaptLinkUrlRequired: { text: 'A link needs a URL' },
    // Not the shop's text: a field error's code is found by its text, and two codes of one text are ambiguous.
    adaptCoinsRange: { text: 'The reward must be a whole number of coins from 1 to {max}' },
    adaptArticleRequired: { text: 'Choose an article' },
    adaptPollRequired: { text: 'Choose a poll' },
    adaptCourseRequired: { text: 'Choose a course' },
    /** A step's article, poll or course must be one of the caller's client (not deleted; a course: published). */
    adaptArticleNotFound: { text: 'The article is not found in this workspace' },
    adaptPollNotFound: { text: 'The poll is not found in this workspace' },
    adaptCourseNotFound: { text: 'The course is not found among the published courses of this workspace' },
    adaptStageRequired: { text: 'Choose a stage' },
    adaptStageNameRequired: { text: 'Stage name is required' },
    adaptStepNameRequired: { text: 'Step name is required' },
    /** §4 steps are finished once open, by whom the scenario names. */
    adaptStepNotOpen: { text: 'This step is not open yet', kind: 'conflict' },
    adaptStepDone: { text: 'This step is already finished', kind: 'conflict' },
    adaptStepNotYours: { text: 'This step belongs to another participant', kind: 'forbidden' },
    /** §4 a poll, article or course step is finished by answering, reading or learning it. */
    adaptStepByAction: { text: 'This step is finished by answering, reading or learning it', kind: 'conflict' },
    adaptNothingToUnfinish: { text: 'There is no finished step to roll back', kind: 'conflict' },
    adaptFinished: { text: 'The adaptation is finished', kind: 'conflict' },
    adaptNotFinished: { text: 'Probation can be passed once the adaptation is finished', kind: 'conflict' },
    adaptProbationPassed: { text: 'Probation is already passed', kind: 'conflict' },
    /** §4 / §8 track errors: a track that contains errors does not start. */
    adaptTrackHasErrors: { text: 'The track contains errors: {errors}', kind: 'conflict' },
    adaptTrackEmpty: { text: 'The track has no steps', kind: 'conflict' },
    adaptStepsMismatch: { text: 'The list must name the steps of this stage and scenario', kind: 'conflict' },
    /** A new order of a track's stages must name each of its own stages exactly once. */
    adaptStagesMismatch: { text: 'The new order must list every stage of this track exactly once' },
    adaptStartDateInvalid: { text: 'Invalid start date' },
    adaptTimeZoneInvalid: { text: 'Unknown time zone' },
  },
  { wordedBy: 'adaptationCodes' },
);

/** The errors a track may contain (§4 "contains errors"), each worded by its code. */
export const TRACK_PROBLEMS = defineCodes(
  'adaptation',
  {
    adaptPollDeleted: { text: 'Step "{step}" points to a deleted poll' },
    adaptArticleDeleted: { text: 'Step "{step}" points to a deleted article' },
    adaptCourseDeleted: { text: 'Step "{step}" points to a deleted course' },
    adaptNoSteps: { text: 'The track has no steps' },
  },
  { wordedBy: 'adaptationCodes' },
);

/** The adaptation codes by name, as strings (what the web's `adaptationCodes` catalogues word; catalogues.spec reads them). */
export const ADAPT_CODES = {
  adaptTrackNameRequired: 'adaptTrackNameRequired',
  adaptEmployeeRequired: 'adaptEmployeeRequired',
  adaptMentorRequired: 'adaptMentorRequired',
  adaptEmployeeTwice: 'adaptEmployeeTwice',
  adaptMentorIsNewcomer: 'adaptMentorIsNewcomer',
  adaptHrIsNewcomer: 'adaptHrIsNewcomer',
  adaptStepInProgress: 'adaptStepInProgress',
  adaptTrackHasAdaptations: 'adaptTrackHasAdaptations',
  adaptDuplicateReward: 'adaptDuplicateReward',
  adaptDuplicatePoll: 'adaptDuplicatePoll',
  adaptDuplicateDay: 'adaptDuplicateDay',
  adaptLinkTitleRequired: 'adaptLinkTitleRequired',
  adaptLinkUrlRequired: 'adaptLinkUrlRequired',
  adaptCoinsRange: 'adaptCoinsRange',
  adaptArticleRequired: 'adaptArticleRequired',
  adaptPollRequired: 'adaptPollRequired',
  adaptCourseRequired: 'adaptCourseRequired',
  adaptArticleNotFound: 'adaptArticleNotFound',
  adaptPollNotFound: 'adaptPollNotFound',
  adaptCourseNotFound: 'adaptCourseNotFound',
  adaptStageRequired: 'adaptStageRequired',
  adaptStageNameRequired: 'adaptStageNameRequired',
  adaptStepNameRequired: 'adaptStepNameRequired',
  adaptStepNotOpen: 'adaptStepNotOpen',
  adaptStepDone: 'adaptStepDone',
  adaptStepNotYours: 'adaptStepNotYours',
  adaptStepByAction: 'adaptStepByAction',
  adaptNothingToUnfinish: 'adaptNothingToUnfinish',
  adaptFinished: 'adaptFinished',
  adaptNotFinished: 'adaptNotFinished',
  adaptProbationPassed: 'adaptProbationPassed',
  adaptTrackHasErrors: 'adaptTrackHasErrors',
  adaptTrackEmpty: 'adaptTrackEmpty',
  adaptStepsMismatch: 'adaptStepsMismatch',
  adaptStagesMismatch: 'adaptStagesMismatch',
  adaptStartDateInvalid: 'adaptStartDateInvalid',
  adaptTimeZoneInvalid: 'adaptTimeZoneInvalid',
} as const satisfies { [K in keyof typeof ADAPT_ERRORS]: K };

/** The track problems' codes by name, as strings. */
export const TRACK_PROBLEM_CODES = {
  adaptPollDeleted: 'adaptPollDeleted',
  adaptArticleDeleted: 'adaptArticleDeleted',
  adaptCourseDeleted: 'adaptCourseDeleted',
  adaptNoSteps: 'adaptNoSteps',
} as const satisfies { [K in keyof typeof TRACK_PROBLEMS]: K };
