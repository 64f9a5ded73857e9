import { clientRoutes } from '@intranet/clients-contract';
import type { z } from '@intranet/platform-contracts';
import { routeQuery } from '@intranet/web-api';
import { clientKeys } from './keys.ts';

/** GET /api/journal/{client}/section/{section} (issue 18 §2): one page of one section of the audit journal. */
export const journalSectionQueryOptions = (clientId: string, section: string, query: z.input<typeof clientRoutes.journalSection.query>) =>
  routeQuery(clientKeys.journal(clientId), clientRoutes.journalSection, { params: { client: clientId, section }, query });
