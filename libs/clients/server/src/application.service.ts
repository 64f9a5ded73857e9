import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_SECTIONS, type applicationRoutes } from '@intranet/clients-contract';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import type { Database } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { ClientsRepository } from './clients.repository.ts';

type In<K extends keyof typeof applicationRoutes> = RouteInput<(typeof applicationRoutes)[K]>;

/** §3 Application (issue 36, /app): the platform's sections — their defaults and their on/off flag. Superadmin only. */
@Injectable()
export class ApplicationService {
  constructor(
    private readonly repo: ClientsRepository,
    @Inject(PORTS.db) private readonly db: Database,
  ) {}

  /** GET api/application → { sections } in code order. */
  async get(ctx: RequestContext) {
    return { sections: await this.db.asSystem(`superadmin ${ctx.userId}: application`, (tx) => this.repo.appSections(tx)) };
  }

  /** §7 PUT api/application/createDefaultSections → { sections }: the missing defaults added (on), the others kept. */
  async createDefaultSections(ctx: RequestContext) {
    return {
      sections: await this.db.asSystem(`superadmin ${ctx.userId}: default sections`, async (tx) => {
        await this.repo.appSectionsAdd(tx, DEFAULT_SECTIONS);
        return this.repo.appSections(tx);
      }),
    };
  }

  /** PUT api/application/sections/{code} {active} → { sections }. 404 a section the application lacks. */
  async switch({ params, body }: In<'appSectionSwitch'>, ctx: RequestContext) {
    return {
      sections: await this.db.asSystem(`superadmin ${ctx.userId}: section ${params.code} ${body.active}`, async (tx) => {
        if (!(await this.repo.appSectionSet(tx, params.code, body.active))) throw Errors.notFound();
        return this.repo.appSections(tx);
      }),
    };
  }
}
