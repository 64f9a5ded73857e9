import { defineCodes } from '@intranet/platform-errors';

/** Knowledge-base and vacancy error codes with their English texts (issue 30 §4). */
export const KB_ERRORS = defineCodes('kb', {
  folderIntoItself: { text: 'Folder cannot move into itself' },
  deleteFile: { text: 'Error on deleting file' },
  deleteFiles: { text: 'Error on deleting files from db' },
  mediaRequired: { text: 'File must be media' },
  imageRequired: { text: 'File must be an image' },
  parentNotFolder: { text: 'Parent must be a folder' },
  parentSection: { text: 'Parent is in another section' },
  salaryRange: { text: 'Salary from cannot exceed salary to' },
  notVacancy: { text: 'This is not a vacancy' },
  responseEmpty: { text: 'Write a message, leave contacts or attach a CV' },
  alreadyResponded: { text: 'You have already responded to this vacancy' },
  tagExists: { text: 'This tag already exists' },
  notSiblings: { text: 'Only items of the same folder can swap places' },
  tagNotFound: { text: 'Tag not found' },
});

/** §5 / §8 knowledge base texts (server and web say the same thing). */
export const KB_TEXT = {
  folderIntoItself: 'Folder cannot move into itself',
  deleteFile: 'Error on deleting file',
  deleteFiles: 'Error on deleting files from db',
  mediaRequired: 'File must be media',
  imageRequired: 'File must be an image',
  fileNotFound: 'The file was not found or was deleted',
  fileTaken: 'This file is already attached',
  parentNotFolder: 'Parent must be a folder',
  parentSection: 'Parent is in another section',
  wholeNumber: 'Must be a whole number',
  notNegative: 'Must be 0 or more',
  salaryRange: 'Salary from cannot exceed salary to',
  notVacancy: 'This is not a vacancy',
  /** §5 Vacancy response: a message, contacts or a CV (an empty response says nothing). */
  responseEmpty: 'Write a message, leave contacts or attach a CV',
  alreadyResponded: 'You have already responded to this vacancy',
  tagExists: 'This tag already exists',
  notSiblings: 'Only items of the same folder can swap places',
} as const;
