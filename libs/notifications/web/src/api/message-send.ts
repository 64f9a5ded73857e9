import { notificationsRoutes } from '@intranet/notifications-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** POST /api/message (§7, §5 "Mail test needs at least one address"): a test message; answers how many were sent. */
export const sendMessage = (body: z.input<typeof notificationsRoutes.messageSend.body>) => call(notificationsRoutes.messageSend, { body, silent: true });
