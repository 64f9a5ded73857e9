import { fileURLToPath } from 'node:url';
import { pollsRoutes } from '@intranet/polls-contract';
import { Domain, DOMAIN_DEPS, RouteController } from '@intranet/platform-host';
import { pollsHandlers } from './handlers.ts';

export { polls, answers, passed, recipients } from './schema.ts';
export { grantLevel, resolveRecipients } from './people.ts';
export { writeResultsWorkbook, excelWords } from './excel.ts';

const ROUTES = 'polls:routes';

/**
 * The polls domain (DESIGN §2): polls (opened, closed, anonymous), answers, results, Excel export, as a Nest module
 * whose routes are bound by a controller derived from the contract.
 */
@Domain({
  name: 'polls',
  // It signs the Excel download URLs the gateway checks with the same secret.
  requiredConfig: ['JWT_SECRET'],
  migrations: { schema: 'polls', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  providers: [{ provide: ROUTES, useFactory: pollsHandlers, inject: [DOMAIN_DEPS] }],
  controllers: [RouteController('PollsRoutes', pollsRoutes, ROUTES)],
})
export class PollsModule {}
