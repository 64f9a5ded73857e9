import { Inject, Injectable } from '@nestjs/common';
import { clientEvents, DEFAULT_SECTIONS, type applicationRoutes } from '@intranet/clients-contract';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import type { Database } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { ClientsRepository } from './clients.repository.ts';

type In<K extends keyof typeof applicationRoutes> = RouteInput<(typeof applicationRoutes)[K]>;

/**
 * §3 Application (issue 36, /app): the platform's sections — their defaults and their on/off flag — and the
 * installation's maintenance mode. Superadmin only (the maintenance look-up is the gateway's, over the bus).
 */
@Injectable()
export class ApplicationService {
  constructor(
    private readonly repo: ClientsRepository,
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
  ) {}

  /** GET api/application → { sections in code order, maintenance }. */
  async get(ctx: RequestContext) {
    return this.db.asSystem(`superadmin ${ctx.userId}: application`, async (tx) => ({
      sections: await this.repo.appSections(tx),
      maintenance: await this.repo.appMaintenance(tx),
    }));
  }

  /**
   * PUT api/application/maintenance {active} → the application: the installation in maintenance mode or out of it,
   * with evt.clients.application.updated in the same transaction (gateways drop their cached flag at once).
   */
  async maintenance({ body }: In<'applicationMaintenance'>, ctx: RequestContext) {
    const out = await this.db.asSystem(`superadmin ${ctx.userId}: installation maintenance ${body.active}`, async (tx) => {
      if (await this.repo.appMaintenanceSet(tx, body.active)) await this.outbox.add(tx, clientEvents.applicationUpdated, null, { maintenance: body.active });
      return { sections: await this.repo.appSections(tx), maintenance: await this.repo.appMaintenance(tx) };
    });
    await this.outbox.published();
    return out;
  }

  /** Bus `clients.internal.maintenance` → { active }: whether the installation is in maintenance mode. */
  async installationMaintenance() {
    return { active: await this.db.asSystem('gateway: installation maintenance', (tx) => this.repo.appMaintenance(tx)) };
  }

  /** §7 PUT api/application/createDefaultSections → { sections }: the missing defaults added (on), the others kept. */
  async createDefaultSections(ctx: RequestContext) {
    return this.db.asSystem(`superadmin ${ctx.userId}: default sections`, async (tx) => {
      await this.repo.appSectionsAdd(tx, DEFAULT_SECTIONS);
      return { sections: await this.repo.appSections(tx), maintenance: await this.repo.appMaintenance(tx) };
    });
  }

  /** PUT api/application/sections/{code} {active} → { sections }. 404 a section the application lacks. */
  async switch({ params, body }: In<'appSectionSwitch'>, ctx: RequestContext) {
    return this.db.asSystem(`superadmin ${ctx.userId}: section ${params.code} ${body.active}`, async (tx) => {
      if (!(await this.repo.appSectionSet(tx, params.code, body.active))) throw Errors.notFound();
      return { sections: await this.repo.appSections(tx), maintenance: await this.repo.appMaintenance(tx) };
    });
  }
}
