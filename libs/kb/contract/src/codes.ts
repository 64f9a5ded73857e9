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
