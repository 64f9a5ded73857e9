/**
 * Stable codes for the portal's error texts (spec §5, §8), so the web can word every error in the user's language.
 * Servers keep raising the §5/§8 English texts (the contract and the fallback); `codeOf` turns each known text —
 * including the parameterised ones such as 'Max 100 symbols' — into `{ code, params }`. One table for every
 * domain: a text a domain adds gets its code here and its wording in the web catalogue (libs/web/i18n codes).
 */

/** A stable error code with the values its wording needs (e.g. `{ code: 'tooLong', params: { max: 100 } }`). */
export interface Coded {
  code: string;
  params?: Record<string, unknown>;
}

/** Exact texts → code. Codes equal to an HTTP kind (`not_found`, `no_access`, ...) are the generic §8 texts. */
export const TEXT_CODES: Readonly<Record<string, string>> = {
  // §5 generic inputs and shared field shapes
  'Field is required': 'required',
  'Invalid e-mail': 'email',
  'Invalid URL': 'url',
  'Only latin letters and digits': 'alphanumeric',
  'Invalid id': 'invalidId',
  'Date must be YYYY-MM-DD': 'invalidDate',
  'Invalid date': 'invalidDate',
  'Invalid cursor': 'invalidCursor',
  'Workspace code: latin letters and digits only': 'alphanumeric',
  // §8 dictionary and login
  'The requested resource was not found': 'not_found',
  'Login blocked': 'login_blocked',
  'User deleted': 'user_deleted',
  'User not found': 'user_not_found',
  'No user with this e-mail': 'noUserWithEmail',
  'Wrong password': 'wrong_password',
  'Wrong login or password': 'wrongCredentials',
  'Enter login or e-mail': 'noLogin',
  'Enter login and password': 'noPassword',
  'Login failed': 'login_failed',
  'Passwords must match': 'passwordsMustMatch',
  'Validation error': 'validation',
  'Server error': 'internal',
  'The service is temporarily unavailable': 'unavailable',
  'No access': 'no_access',
  Unauthorized: 'unauthorized',
  'Too many attempts, try again later': 'rate_limited',
  'An error occured': 'unknown',
  'Uploading error': 'uploadingError',
  'Downloading error': 'downloadingError',
  'Error: file size too big': 'fileTooBig',
  'The file was not found or was deleted': 'fileNotFound',
  'Wrong image size': 'wrongImageSize',
  'account blocked': 'accountBlocked',
  'server refused connection': 'serverRefused',
  'Expected multipart/form-data': 'multipartExpected',
  // §5 Employee (people)
  'This e-mail is already taken': 'emailTaken',
  'This login is already taken': 'loginTaken',
  'Password must be longer than 6 symbols': 'passwordShort',
  'Illegal symbols': 'illegalSymbols',
  'Tax id must be 10 digits': 'inn',
  'Invalid phone format': 'phone',
  'Administrator cannot be deleted': 'cannotDeleteAdmin',
  'You cannot delete yourself': 'cannotDeleteSelf',
  'You cannot change your own role': 'cannotChangeOwnRole',
  'Administrator cannot be blocked': 'cannotBlockAdmin',
  'You cannot block yourself': 'cannotBlockSelf',
  'The link is invalid or expired': 'resetLinkInvalid',
  'This e-mail is used in several workspaces: sign in on your workspace page': 'ambiguousLogin',
  'The CSV needs a header row with at least firstName, lastName, email': 'csvHeader',
  'The file could not be read as CSV': 'csvUnreadable',
  'Invalid option': 'invalidOption',
  'Invalid value': 'invalidValue',
  'Nested too deeply': 'nestedTooDeep',
  // kb vacancies
  'Write a message, leave contacts or attach a CV': 'responseEmpty',
  'You have already responded to this vacancy': 'alreadyResponded',
  // clients
  'This workspace code is already taken': 'workspaceTaken',
  'Client not found': 'clientNotFound',
  // §5 Posts (social)
  'A thank-you post must be over 30 symbols': 'thanksTooShort',
  'A thank-you post must mention exactly one person': 'thanksOnePerson',
  'This file is already attached elsewhere': 'fileInUse',
  // §5 Event, §8 event errors (calendar)
  'Name must be more than 5 symbols': 'eventNameShort',
  'The date has already passed': 'eventPastDate',
  'This time has already passed today': 'eventTimePassed',
  'End time must be after the start time': 'eventEndBeforeStart',
  'Time must be HH:MM': 'eventTime',
  'Choose at least one weekday': 'eventWeekdays',
  'Set an end date or a number of repeats': 'eventRepeatEnd',
  'The number of repeats must be more than 1': 'eventCountMin',
  'The end date must be after the start date': 'eventUntilBeforeStart',
  'A series may last at most 10 years': 'eventSeriesTooLong',
  'Unknown time zone': 'eventTimeZone',
  'The range may be at most 400 days': 'eventRangeTooLong',
  'The end of the range must be after its start': 'eventRangeOrder',
  'The event could not be deleted': 'eventDeleteError',
  'There is no such occurrence in this series': 'eventNoOccurrence',
  'This is a periodic event: use the periodic event call': 'eventPeriodicOnly',
  'This event does not repeat': 'eventNotPeriodic',
  'Select a workspace first': 'selectWorkspace',
  'You cannot follow yourself': 'cannotFollowSelf',
  'A task comment cannot be a thank-you post': 'taskPostType',
  // knowledge base
  'Folder cannot move into itself': 'folderIntoItself',
  'Error on deleting file': 'deleteFile',
  'Error on deleting files from db': 'deleteFiles',
  'File must be media': 'mediaRequired',
  'File must be an image': 'imageRequired',
  'This file is already attached': 'fileTaken',
  'Parent must be a folder': 'parentNotFolder',
  'Parent is in another section': 'parentSection',
  'Must be a whole number': 'wholeNumber',
  'Must be 0 or more': 'notNegative',
  'Must be a number': 'notNumber',
  'Salary from cannot exceed salary to': 'salaryRange',
  'This is not a vacancy': 'notVacancy',
  'This tag already exists': 'tagExists',
  'Only items of the same folder can swap places': 'notSiblings',
  'Tag not found': 'tagNotFound',
  // §5 Poll, §8 Polls (polls)
  'Title is required': 'pollTitleRequired',
  'Add at least one question': 'pollQuestionsRequired',
  'Fill in the question': 'pollQuestionEmpty',
  'At least one question must be mandatory': 'pollMandatoryRequired',
  'A list question needs answers': 'pollAnswersRequired',
  'Answer cannot be empty': 'pollAnswerEmpty',
  'A closed poll needs recipients': 'pollRecipientsRequired',
  'Answer this question': 'pollMandatoryAnswer',
  'The answer is out of range': 'pollOutOfRange',
  'Choose one of the answers': 'pollNotAnOption',
  'You have already answered this poll': 'pollAlreadyAnswered',
  'The poll is finished': 'pollFinished',
  'This poll is not for you': 'pollNotRecipient',
  'Results of this anonymous poll are visible to its author and administrators only': 'pollResultsManagersOnly',
  'The poll has answers: only the title, description and end date can change': 'pollLocked',
  'No response from server': 'noResponse',
  'Excel export failed': 'pollExcelError',
  // notifications (issue 10)
  'Mail test needs at least one address': 'mailAddressRequired',
  'The message could not be sent': 'mailSendFailed',
  'A template with this code already exists': 'templateExists',
  // §5 Department, §8 structure errors (people)
  'A department cannot be moved into itself or its child': 'deptMoveIntoChild',
  'The root department cannot be deleted': 'deptDeleteRoot',
  'A department with employees cannot be deleted': 'deptHasEmployees',
  'Choose the parent department': 'deptParentRequired',
  'The parent department belongs to another structure': 'deptParentKind',
  'The employee was not found': 'deptUserNotFound',
  'Choose a department of the project structure': 'projectDeptKind',
  // §5 HR integration (people)
  'HR integration needs tax id': 'hrNeedsTaxId',
  'Connect the HR system first': 'hrNotConnected',
  'Loading the structure from the HR system failed': 'loading_struct_hrm_error',
  'Resetting to the HR data failed': 'reseting_hrm_error',
  'The employee was not found in the HR system': 'hrEmployeeMissing',
  // §5 Vacation, §8 vacation overlap or insufficient balance (people)
  'The vacation must start later than today': 'vacationPast',
  'The vacation cannot end before it starts': 'vacationEndBeforeStart',
  'The vacation overlaps another vacation of this employee': 'vacationOverlap',
  'A vacation that has started cannot be changed': 'vacationStarted',
  'You cannot approve your own vacation': 'vacationSelfApprove',
};

const num = (s: string) => Number(s);

/** Parameterised texts: pattern → code and params. */
const PATTERNS: { re: RegExp; code: string; params: (m: RegExpExecArray) => Record<string, unknown> }[] = [
  { re: /^Max (\d+) symbols$/, code: 'tooLong', params: (m) => ({ max: num(m[1]) }) },
  { re: /^Min (\d+) symbols$/, code: 'tooShort', params: (m) => ({ min: num(m[1]) }) },
  { re: /^Files above (.+) cannot be attached$/, code: 'filesAbove', params: (m) => ({ size: m[1] }) },
  { re: /^Request bodies above (.+) are not accepted$/, code: 'bodyTooLarge', params: (m) => ({ size: m[1] }) },
  { re: /^Storage limit reached \((.+)\)! Available (.+)$/, code: 'storageLimit', params: (m) => ({ size: m[1], available: m[2] }) },
  { re: /^no such bucket (.+)$/, code: 'noSuchBucket', params: (m) => ({ bucket: m[1] }) },
  { re: /^At most (\d+) rows per import$/, code: 'csvTooManyRows', params: (m) => ({ max: num(m[1]) }) },
  { re: /^Max (\d+) answers$/, code: 'pollAnswersMax', params: (m) => ({ max: num(m[1]) }) },
  { re: /^Not enough vacation days: (\d+) left$/, code: 'vacationBalance', params: (m) => ({ left: num(m[1]) }) },
  { re: /^like_type must be '(\w+)' for this target$/, code: 'likeTypeMismatch', params: (m) => ({ target: m[1] }) },
];

/** Every code `codeOf` can answer, for the web catalogue's completeness check. */
export const KNOWN_CODES: readonly string[] = [...new Set([...Object.values(TEXT_CODES), ...PATTERNS.map((p) => p.code)])];

/** The code (and params) of a known §5/§8 text; null for a text the table does not know. */
export function codeOf(message: string | undefined | null): Coded | null {
  if (!message) return null;
  const exact = TEXT_CODES[message];
  if (exact) return { code: exact };
  for (const p of PATTERNS) {
    const m = p.re.exec(message);
    if (m) return { code: p.code, params: p.params(m) };
  }
  return null;
}
