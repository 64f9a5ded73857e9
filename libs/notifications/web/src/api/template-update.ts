import { notificationsRoutes } from '@intranet/notifications-contract';
import { call } from '@intranet/web-api';
import type { TemplateBody } from './template-create.ts';

/** PUT /api/notif_template/{id} (§7 Templates): changes a template; 409 templateExists as on create. */
export const updateTemplate = (id: string, body: TemplateBody) => call(notificationsRoutes.templateUpdate, { params: { id }, body, silent: true });
