import { peopleRoutes } from '@intranet/people-contract';
import { call } from '@intranet/web-api';

/** People's PUT api/user/pin_move (§7 Users, §4 pins): swap the people in slots `from` and `to`. */
export const movePin = (v: { from: number; to: number }) => call(peopleRoutes.userPinMove, { body: v, silent: true });
