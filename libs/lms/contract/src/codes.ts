import { defineCodes } from '@intranet/platform-errors';

/**
 * §5 / §8 learning and IDP error codes with their English texts: server and web say the same thing, the web words
 * each code in ru, uk and en (namespace `lmsCodes`). `kind` is the HTTP class a refusal is raised with.
 */
export const LMS_ERRORS = defineCodes(
  'lms',
  {
    lmsTitleRequired: { text: 'Title is required' },
    lmsQuestionEmpty: { text: 'Fill in the question' },
    lmsAnswersRequired: { text: 'Add answers to the question' },
    lmsAnswerEmpty: { text: 'Answer cannot be empty' },
    lmsRightAnswerRequired: { text: 'Mark at least one right answer' },
    lmsSingleOneRight: { text: 'A single choice question has exactly one right answer' },
    lmsTestHasPasses: { text: 'The test has passes and cannot be edited' },
    lmsTimeIsUp: { text: 'Time is up: the test is finished' },
    lmsAttemptFinished: { text: 'The test is finished' },
    lmsNoAttempt: { text: 'Start the test first' },
    lmsNoRetries: { text: 'No more attempts are allowed' },
    lmsNotAnOption: { text: 'Choose one of the answers' },
    lmsLessonOrder: { text: 'Learn the previous lessons first' },
    lmsCourseNotOpen: { text: 'The course is not open for learning' },
    lmsNotMember: { text: 'This course is not for you', kind: 'forbidden' },
    lmsAdminsOnly: { text: 'Only LMS administrators can do this', kind: 'forbidden' },
    lmsCourseArchived: { text: 'The course is archived' },
    idpOpenTasks: { text: 'Every task must be done to finish the plan' },
    idpEmployeeRequired: { text: 'Choose the employee' },
    idpFinished: { text: 'The plan is finished' },
  },
  { wordedBy: 'lmsCodes' },
);

/** The learning codes by name, as strings (what the web's `lmsCodes` catalogues word). */
export const LMS_CODES = {
  lmsTitleRequired: 'lmsTitleRequired',
  lmsQuestionEmpty: 'lmsQuestionEmpty',
  lmsAnswersRequired: 'lmsAnswersRequired',
  lmsAnswerEmpty: 'lmsAnswerEmpty',
  lmsRightAnswerRequired: 'lmsRightAnswerRequired',
  lmsSingleOneRight: 'lmsSingleOneRight',
  lmsTestHasPasses: 'lmsTestHasPasses',
  lmsTimeIsUp: 'lmsTimeIsUp',
  lmsAttemptFinished: 'lmsAttemptFinished',
  lmsNoAttempt: 'lmsNoAttempt',
  lmsNoRetries: 'lmsNoRetries',
  lmsNotAnOption: 'lmsNotAnOption',
  lmsLessonOrder: 'lmsLessonOrder',
  lmsCourseNotOpen: 'lmsCourseNotOpen',
  lmsNotMember: 'lmsNotMember',
  lmsAdminsOnly: 'lmsAdminsOnly',
  lmsCourseArchived: 'lmsCourseArchived',
  idpOpenTasks: 'idpOpenTasks',
  idpEmployeeRequired: 'idpEmployeeRequired',
  idpFinished: 'idpFinished',
} as const satisfies Record<string, keyof typeof LMS_ERRORS>;
