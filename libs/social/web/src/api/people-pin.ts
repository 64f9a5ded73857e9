import { peopleRoutes } from '@intranet/people-contract';
import { call } from '@intranet/web-api';

/** People's PUT api/user/pin/{id} (§7 Users, §4 pins): put a user into slot `slot` (a taken slot swaps) or unpin (null). */
export const pinUser = (id: string, slot: number | null) => call(peopleRoutes.userPin, { params: { id }, body: { pinned_num: slot }, silent: true });
