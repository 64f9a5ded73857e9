import { fileURLToPath } from 'node:url';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { bpRoutes, bpSubjects } from '@intranet/bp-contract';
import { Domain, DOMAIN_DEPS, RouteController, SubjectController, type DomainDeps, type SubjectHandlers } from '@intranet/platform-host';
import { bpHandlers, overdueScan } from './handlers.ts';

export { groups, services, requests, templates } from './schema.ts';
export { chiefOf, performersOf } from './people.ts';
export { overdueScan } from './handlers.ts';

const ROUTES = 'bp:routes';
const SUBJECTS = 'bp:subjects';
const SCAN = 'bp:overdueScan';
/** How often the service looks for requests that became overdue (ms). */
const OVERDUE_EVERY_MS = 60_000;

/** Runs the overdue scan every minute while the process lives (each run raises an event once per request; replicas may overlap). */
@Injectable()
class OverdueTimer implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  constructor(
    @Inject(SCAN) private readonly scan: ReturnType<typeof overdueScan>,
    @Inject(DOMAIN_DEPS) private readonly deps: DomainDeps,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.scan().catch((e: Error) => this.deps.log.error(`bp overdue scan: ${e.message}`));
    }, OVERDUE_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }
}

/**
 * The services domain (DESIGN §2, services/bp): service groups, services (business process definitions, versioned),
 * running requests and templates, as a Nest module whose routes are bound by a controller derived from the contract.
 */
@Domain({
  name: 'bp',
  // It signs the download URLs of file values, which the gateway checks with the same secret.
  requiredConfig: ['JWT_SECRET'],
  migrations: { schema: 'bp', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  providers: [
    { provide: ROUTES, useFactory: bpHandlers, inject: [DOMAIN_DEPS] },
    { provide: SCAN, useFactory: overdueScan, inject: [DOMAIN_DEPS] },
    {
      provide: SUBJECTS,
      useFactory: (scan: ReturnType<typeof overdueScan>): SubjectHandlers<typeof bpSubjects> => ({
        /** bp.internal.scanOverdue {now?} → { raised }: the overdue scan now. */
        scanOverdue: async (input) => ({ raised: await scan(input.now ? new Date(input.now) : new Date()) }),
      }),
      inject: [SCAN],
    },
    OverdueTimer,
  ],
  controllers: [RouteController('BpRoutes', bpRoutes, ROUTES), SubjectController('BpSubjects', bpSubjects, SUBJECTS)],
})
export class BpModule {}
