import { FILE_LIMITS, formatBytes, V } from '@intranet/platform-contracts';
import { defineCodes } from '@intranet/platform-errors';

/** §5 Posts and §8 group error codes of social with their English texts (issue 30 §4). */
export const SOCIAL_ERRORS = defineCodes('social', {
  thanksTooShort: { text: 'A thank-you post must be over 30 symbols' },
  thanksOnePerson: { text: 'A thank-you post must mention exactly one person' },
  cannotFollowSelf: { text: 'You cannot follow yourself' },
  taskPostType: { text: 'A task comment cannot be a thank-you post' },
  likeTypeMismatch: { text: "like_type must be '{target}' for this target" },
});

/** §8 group error codes (worded by the social remote's own catalogue, libs/social/web). */
export const GROUP_ERRORS = defineCodes(
  'social',
  {
    groupOwnerLeave: { text: 'The owner cannot leave the group; hand it over first' },
    groupOwnerRemove: { text: 'The owner cannot be removed from the group' },
    groupAlreadyMember: { text: 'You are already a member of this group' },
    groupNotMember: { text: 'The user is not a member of this group' },
    groupNoRequest: { text: 'There is no pending request' },
    groupNoInvitation: { text: 'There is no pending invitation' },
    groupNotAdmin: { text: 'Only the group administrators can do this' },
    groupNotOwner: { text: 'Only the group owner can do this' },
    groupPrivateJoin: { text: 'A private group is joined by invitation only' },
    groupPostNotMember: { text: 'Only members can post in this group' },
    reportHandled: { text: 'The report is already handled' },
  },
  { wordedBy: 'social' },
);

/** §5 Posts and §8 texts (server and web say the same thing). */
export const SOCIAL_TEXT = {
  required: V.required,
  thanksTooShort: 'A thank-you post must be over 30 symbols',
  thanksOnePerson: 'A thank-you post must mention exactly one person',
  filesAbove: (size: string) => `Files above ${size} cannot be attached`,
  postFileTooBig: `Files above ${formatBytes(FILE_LIMITS.post)} cannot be attached`,
  anyFileTooBig: `Files above ${formatBytes(FILE_LIMITS.any)} cannot be attached`,
  fileNotFound: 'The file was not found or was deleted',
  foreignFile: 'The file was not found or was deleted',
  fileInUse: 'This file is already attached elsewhere',
  userNotFound: 'User not found',
  selectWorkspace: 'Select a workspace first',
  cannotFollowSelf: 'You cannot follow yourself',
  taskPostType: 'A task comment cannot be a thank-you post',
  groupNotFound: 'The requested resource was not found',
  likeTypeMismatch: (target: 'comment' | 'answer') => `like_type must be '${target}' for this target`,
} as const;

/**
 * §5 Group, idea, violation and §8 group texts (server and web say the same; the web words them by `code`).
 * The codes are stable: `groupOwnerLeave`, `groupNotMember`, `groupAlreadyMember`, `groupNotAdmin`, ...
 */
export const GROUP_TEXT = {
  ownerCannotLeave: 'The owner cannot leave the group; hand it over first',
  ownerCannotBeRemoved: 'The owner cannot be removed from the group',
  alreadyMember: 'You are already a member of this group',
  notMember: 'The user is not a member of this group',
  noRequest: 'There is no pending request',
  noInvitation: 'There is no pending invitation',
  notAdmin: 'Only the group administrators can do this',
  notOwner: 'Only the group owner can do this',
  privateJoin: 'A private group is joined by invitation only',
  notAllowed: 'Only members can post in this group',
  reportHandled: 'The report is already handled',
} as const;
export const GROUP_CODES: Record<keyof typeof GROUP_TEXT, string> = {
  ownerCannotLeave: 'groupOwnerLeave',
  ownerCannotBeRemoved: 'groupOwnerRemove',
  alreadyMember: 'groupAlreadyMember',
  notMember: 'groupNotMember',
  noRequest: 'groupNoRequest',
  noInvitation: 'groupNoInvitation',
  notAdmin: 'groupNotAdmin',
  notOwner: 'groupNotOwner',
  privateJoin: 'groupPrivateJoin',
  notAllowed: 'groupPostNotMember',
  reportHandled: 'reportHandled',
};
