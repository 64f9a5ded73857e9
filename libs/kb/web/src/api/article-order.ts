import { kbRoutes } from '@intranet/kb-contract';
import { call } from '@intranet/web-api';

/** PUT api/article/{client}/order/{from}/{to} (§7 Articles): two items of one folder swap places. Silent: the caller words the error. */
export const swapArticles = (clientId: string, from: string, to: string) =>
  call(kbRoutes.articleOrder, { params: { client: clientId, from, to }, silent: true });
