import { useQuery } from '@tanstack/react-query';
import { notificationsRoutes } from '@intranet/notifications-contract';
import { routeQuery } from '@intranet/web-api';
import { notificationKeys } from './keys.ts';

/** GET /api/user/notifications/{user} (§7 Users notifications settings): a user's effective section × channel switches. */
export const settingsUserQueryOptions = (user: string) =>
  routeQuery(notificationKeys.userSettings(user), notificationsRoutes.settingsUser, { params: { user } });
/** A user's switches (oneself, or an employee for an administrator); not asked while `user` is empty. */
export const useUserSettings = (user: string) => useQuery({ ...settingsUserQueryOptions(user), enabled: !!user });
