import { fileURLToPath } from 'node:url';
import { clientRoutes, clientSubjects } from '@intranet/clients-contract';
import { isSealed, sealSecret, secretsKey, type Config } from '@intranet/platform-config';
import type { Database } from '@intranet/platform-db';
import { Domain, DOMAIN_DEPS, PORTS, RouteController, SubjectController, type Logger } from '@intranet/platform-host';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { clientHandlers } from './handlers.ts';
import { clientsRepository as repo } from './repository.ts';

export { clients } from './schema.ts';

/** Provider token: `clientHandlers(deps)` — the routes' and bus-only subjects' handler maps. */
export const CLIENT_HANDLERS = 'clients:handlers';
const ROUTES = 'clients:routes';
const SUBJECTS = 'clients:subjects';

/**
 * Data migration of issue 12 (the HR password encrypted at rest): HR passwords stored as typed before it are sealed
 * with SECRETS_KEY at start (SQL cannot, it has no key), before the service answers requests. Idempotent; replicas
 * starting together seal a row once (compare-and-set).
 */
@Injectable()
export class SealHrPasswords implements OnApplicationBootstrap {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.config) private readonly config: Config,
    @Inject(PORTS.log) private readonly log: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const key = secretsKey(this.config);
    const n = await this.db.asSystem('seal HR passwords stored in plain text (issue 12)', async (tx) => {
      const rows = await repo.plainHrPasswords(tx);
      for (const r of rows) if (!isSealed(r.hrPassword)) await repo.replaceHrPassword(tx, r.id, r.hrPassword, sealSecret(key, r.hrPassword, r.id));
      return rows.length;
    });
    if (n) this.log.info(`sealed the HR password of ${n} client(s)`);
  }
}

/**
 * The clients domain (DESIGN §2): workspaces, features per client. Routes of `clientRoutes` and the bus-only
 * `clientSubjects` are bound by generated controllers over the handler factory.
 */
@Domain({
  name: 'clients',
  migrations: { schema: 'clients', folder: fileURLToPath(new URL('../migrations', import.meta.url)) },
  providers: [
    SealHrPasswords,
    { provide: CLIENT_HANDLERS, useFactory: clientHandlers, inject: [DOMAIN_DEPS] },
    { provide: ROUTES, useFactory: (h: ReturnType<typeof clientHandlers>) => h.routes, inject: [CLIENT_HANDLERS] },
    { provide: SUBJECTS, useFactory: (h: ReturnType<typeof clientHandlers>) => h.subjects, inject: [CLIENT_HANDLERS] },
  ],
  controllers: [RouteController('ClientRoutes', clientRoutes, ROUTES), SubjectController('ClientSubjects', clientSubjects, SUBJECTS)],
})
export class ClientsModule {}
