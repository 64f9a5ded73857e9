import { fileURLToPath } from 'node:url';
import { Domain } from '@intranet/platform-host';
import { AnswersService } from './answers.service.ts';
import { PollsController } from './polls.controller.ts';
import { PollsRepository } from './polls.repository.ts';
import { PollsService } from './polls.service.ts';
import { RecipientsService } from './recipients.service.ts';
import { ResultsService } from './results.service.ts';
import { pollsTenant } from './tenant.ts';

/**
 * The polls domain (DESIGN §2): polls (opened, closed, anonymous), answers, results, Excel export. The controller
 * binds the §7 Polls routes; the services hold the use cases; the repository owns the SQL; access.ts the §6 rules.
 */
@Domain({
  name: 'polls',
  // It signs the Excel download URLs the gateway checks with the same secret.
  requiredConfig: ['JWT_SECRET'],
  migrations: { schema: 'polls', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  controllers: [pollsTenant.controller, PollsController],
  providers: [pollsTenant.provider, PollsRepository, RecipientsService, PollsService, AnswersService, ResultsService],
})
export class PollsModule {}
