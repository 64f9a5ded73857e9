import { notificationsRoutes } from '@intranet/notifications-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** The body of POST /api/notif_template and PUT /api/notif_template/{id} (as the template form parses it). */
export type TemplateBody = z.output<typeof notificationsRoutes.templateCreate.body>;

/** POST /api/notif_template (§7 Templates): a new template; 409 templateExists for a taken code, language and channel. */
export const createTemplate = (body: TemplateBody) => call(notificationsRoutes.templateCreate, { body, silent: true });
