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
