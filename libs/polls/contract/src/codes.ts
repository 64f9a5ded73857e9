import { defineCodes } from '@intranet/platform-errors';

/**
 * §5 / §8 poll error codes with their English texts (issue 30 §4): server and web say the same thing, the web words
 * each code in ru, uk and en. `kind` is the HTTP class a refusal is raised with.
 */
export const POLL_ERRORS = defineCodes('polls', {
  pollTitleRequired: { text: 'Title is required' },
  pollQuestionsRequired: { text: 'Add at least one question' },
  pollQuestionEmpty: { text: 'Fill in the question' },
  pollMandatoryRequired: { text: 'At least one question must be mandatory' },
  pollAnswersRequired: { text: 'A list question needs answers' },
  pollAnswerEmpty: { text: 'Answer cannot be empty' },
  pollAnswersMax: { text: 'Max {max} answers' },
  pollRecipientsRequired: { text: 'A closed poll needs recipients' },
  pollMandatoryAnswer: { text: 'Answer this question' },
  pollOutOfRange: { text: 'The answer is out of range' },
  pollNotAnOption: { text: 'Choose one of the answers' },
  pollAlreadyAnswered: { text: 'You have already answered this poll', kind: 'conflict' },
  pollFinished: { text: 'The poll is finished' },
  pollNotRecipient: { text: 'This poll is not for you', kind: 'forbidden' },
  /** §6 anonymous: the results are depersonalised for the poll's managers; its recipients do not see them. */
  pollResultsManagersOnly: { text: 'Results of this anonymous poll are visible to its author and administrators only', kind: 'forbidden' },
  pollLocked: { text: 'The poll has answers: only the title, description and end date can change' },
  /** §8 Polls: load with no response. */
  noResponse: { text: 'No response from server' },
  /** §8 Excel export errors. */
  pollExcelError: { text: 'Excel export failed', kind: 'internal' },
});

/** The poll texts' codes by their old keys (`POLL_TEXT`'s keys): the codes of POLL_ERRORS. */
export const POLL_CODES = {
  titleRequired: POLL_ERRORS.pollTitleRequired.code,
  questionsRequired: POLL_ERRORS.pollQuestionsRequired.code,
  questionEmpty: POLL_ERRORS.pollQuestionEmpty.code,
  mandatoryRequired: POLL_ERRORS.pollMandatoryRequired.code,
  answersRequired: POLL_ERRORS.pollAnswersRequired.code,
  answerEmpty: POLL_ERRORS.pollAnswerEmpty.code,
  answersMax: POLL_ERRORS.pollAnswersMax.code,
  recipientsRequired: POLL_ERRORS.pollRecipientsRequired.code,
  mandatoryAnswer: POLL_ERRORS.pollMandatoryAnswer.code,
  outOfRange: POLL_ERRORS.pollOutOfRange.code,
  notAnOption: POLL_ERRORS.pollNotAnOption.code,
  alreadyAnswered: POLL_ERRORS.pollAlreadyAnswered.code,
  finished: POLL_ERRORS.pollFinished.code,
  notRecipient: POLL_ERRORS.pollNotRecipient.code,
  resultsManagersOnly: POLL_ERRORS.pollResultsManagersOnly.code,
  lockedAfterAnswer: POLL_ERRORS.pollLocked.code,
  noResponse: POLL_ERRORS.noResponse.code,
  excelError: POLL_ERRORS.pollExcelError.code,
} as const;

/** The definition behind each old key of POLL_CODES (to raise it: `Errors.coded(POLL_ERRORS.pollFinished)`). */
export const POLL_DEFS = Object.fromEntries(Object.entries(POLL_CODES).map(([k, code]) => [k, POLL_ERRORS[code]])) as {
  readonly [K in keyof typeof POLL_CODES]: (typeof POLL_ERRORS)[(typeof POLL_CODES)[K]];
};
