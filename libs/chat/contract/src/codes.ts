import { FILE_LIMITS, formatBytes, V } from '@intranet/platform-contracts';

/** Chat's limits (§3, §9) and the §5/§8 texts its server answers with (the web words them in ru, uk and en). */

/** Longest room name. */
export const CHAT_NAME_MAX = 100;
/** Longest message content (symbols of the submitted text, markup included). */
export const CHAT_CONTENT_MAX = 4000;
/** Most members of a room a create or update may name; a room may grow past it by later additions. */
export const CHAT_MEMBERS_MAX = 1000;
/** Messages per history page (default and most). */
export const CHAT_PAGE_SIZE = 50;
export const CHAT_PAGE_MAX = 100;
/** Rooms per page of the room list. */
export const CHAT_ROOMS_PAGE = 50;
/** Largest attachment of a message in bytes: §9 "any file" 250 MB (uploaded with POST api/upload?kind=chat). */
export const CHAT_FILE_LIMIT = FILE_LIMITS.any;

/** §5 and §8 texts the server answers with and the web words in ru, uk and en. */
export const CHAT_TEXT = {
  required: V.required,
  nameMax: V.max(CHAT_NAME_MAX),
  contentMax: V.max(CHAT_CONTENT_MAX),
  filesAbove: `Files above ${formatBytes(CHAT_FILE_LIMIT)} cannot be attached`,
  fileNotFound: 'The file was not found or was deleted',
  fileInUse: 'This file is already attached elsewhere',
  userNotFound: 'User not found',
  // A direct room names exactly one colleague (the web never sends more; a stable code the web already words).
  directOne: 'Invalid value',
  selectWorkspace: 'Select a workspace first',
} as const;
