import { useQuery } from '@tanstack/react-query';
import { notificationsRoutes } from '@intranet/notifications-contract';
import { routeQuery } from '@intranet/web-api';
import { notificationKeys } from './keys.ts';

/** GET /api/notif_template (§7 Templates): the client's templates (administrators). */
export const templateListQueryOptions = () => routeQuery(notificationKeys.templates(), notificationsRoutes.templateList, { query: {} });
/** The client's notification templates. */
export const useTemplates = () => useQuery(templateListQueryOptions());
