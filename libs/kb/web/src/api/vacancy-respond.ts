import { kbRoutes } from '@intranet/kb-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** POST api/article/vac_respond (§5 Vacancy response): a message, contacts or a CV. Silent: the form shows the errors. */
export const respondToVacancy = (body: z.input<typeof kbRoutes.vacancyRespond.body>) => call(kbRoutes.vacancyRespond, { body, silent: true });
