import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { isSealed, sealSecret, secretsKey, type Config } from '@intranet/platform-config';
import type { Database } from '@intranet/platform-db';
import { PORTS, type Logger } from '@intranet/platform-host';
import { ClientsRepository } from './clients.repository.ts';

/**
 * Data migration of issue 12 (the HR password encrypted at rest): HR passwords stored as typed before it are sealed
 * with SECRETS_KEY at start (SQL cannot, it has no key), before the service answers requests. Idempotent; replicas
 * starting together seal a row once (compare-and-set). `repo` is injected by Nest; a spec may build it with three.
 */
@Injectable()
export class SealHrPasswords implements OnApplicationBootstrap {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.config) private readonly config: Config,
    @Inject(PORTS.log) private readonly log: Logger,
    private readonly repo: ClientsRepository = new ClientsRepository(),
  ) {}

  /** Seals every plain HR password; logs how many clients had one. */
  async onApplicationBootstrap(): Promise<void> {
    const key = secretsKey(this.config);
    const n = await this.db.asSystem('seal HR passwords stored in plain text (issue 12)', async (tx) => {
      const rows = await this.repo.plainHrPasswords(tx);
      for (const r of rows) if (!isSealed(r.hrPassword)) await this.repo.replaceHrPassword(tx, r.id, r.hrPassword, sealSecret(key, r.hrPassword, r.id));
      return rows.length;
    });
    if (n) this.log.info(`sealed the HR password of ${n} client(s)`);
  }
}
