/**
 * The generic codes every domain may raise (spec §5 shared field shapes, §8 dictionary, login, files), owned by
 * the platform. A domain's own codes live in its contract (`libs/<domain>/contract/src/codes.ts`).
 */
import { defineCodes } from './codes.ts';

/** §5 / §8 generic codes with their English texts. Codes equal to an HTTP kind are the generic §8 texts. */
export const GENERIC = defineCodes('platform', {
  // §5 generic inputs and shared field shapes
  required: { text: 'Field is required' },
  email: { text: 'Invalid e-mail' },
  url: { text: 'Invalid URL' },
  alphanumeric: { text: 'Only latin letters and digits' },
  invalidId: { text: 'Invalid id' },
  invalidDate: { text: 'Date must be YYYY-MM-DD', also: ['Invalid date'] },
  invalidCursor: { text: 'Invalid cursor' },
  invalidOption: { text: 'Invalid option' },
  invalidValue: { text: 'Invalid value' },
  nestedTooDeep: { text: 'Nested too deeply' },
  illegalSymbols: { text: 'Illegal symbols' },
  phone: { text: 'Invalid phone format' },
  wholeNumber: { text: 'Must be a whole number' },
  notNegative: { text: 'Must be 0 or more' },
  notNumber: { text: 'Must be a number' },
  tooLong: { text: 'Max {max} symbols' },
  tooShort: { text: 'Min {min} symbols' },
  // §8 dictionary and login
  not_found: { text: 'The requested resource was not found', kind: 'not_found' },
  login_blocked: { text: 'Login blocked', kind: 'login_blocked' },
  user_deleted: { text: 'User deleted', kind: 'user_deleted' },
  user_not_found: { text: 'User not found', kind: 'user_not_found' },
  noUserWithEmail: { text: 'No user with this e-mail' },
  wrong_password: { text: 'Wrong password', kind: 'wrong_password' },
  wrongCredentials: { text: 'Wrong login or password' },
  noLogin: { text: 'Enter login or e-mail' },
  noPassword: { text: 'Enter login and password' },
  login_failed: { text: 'Login failed', kind: 'login_failed' },
  passwordsMustMatch: { text: 'Passwords must match' },
  validation: { text: 'Validation error', kind: 'validation' },
  internal: { text: 'Server error', kind: 'internal' },
  unavailable: { text: 'The service is temporarily unavailable', kind: 'unavailable' },
  no_access: { text: 'No access', kind: 'no_access' },
  unauthorized: { text: 'Unauthorized', kind: 'unauthorized' },
  rate_limited: { text: 'Too many attempts, try again later', kind: 'rate_limited' },
  unknown: { text: 'An error occured' },
  selectWorkspace: { text: 'Select a workspace first' },
  // files and request bodies (gateway, files)
  uploadingError: { text: 'Uploading error' },
  downloadingError: { text: 'Downloading error' },
  fileTooBig: { text: 'Error: file size too big' },
  fileNotFound: { text: 'The file was not found or was deleted' },
  fileTaken: { text: 'This file is already attached' },
  fileInUse: { text: 'This file is already attached elsewhere' },
  wrongImageSize: { text: 'Wrong image size' },
  accountBlocked: { text: 'account blocked' },
  serverRefused: { text: 'server refused connection' },
  multipartExpected: { text: 'Expected multipart/form-data' },
  filesAbove: { text: 'Files above {size} cannot be attached' },
  bodyTooLarge: { text: 'Request bodies above {size} are not accepted', kind: 'payload_too_large' },
  storageLimit: { text: 'Storage limit reached ({size})! Available {available}', kind: 'payload_too_large' },
  noSuchBucket: { text: 'no such bucket {bucket}' },
});
