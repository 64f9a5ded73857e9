import type { GroupType } from '@intranet/social-contract';

/** The badge tone of a group type: public green, closed blue, private red. */
export const typeTone = (type: GroupType) => (type === 'public' ? 'success' : type === 'closed' ? 'primary' : 'danger');
