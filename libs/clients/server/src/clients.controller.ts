import { Controller } from '@nestjs/common';
import { clientRoutes, clientSubjects } from '@intranet/clients-contract';
import type { RequestContext, RouteHandlers } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler, SubjectHandler, type SubjectHandlers } from '@intranet/platform-host';
import { ApplicationService } from './application.service.ts';
import { ClientsService, type SubjectInput } from './clients.service.ts';
import { JournalService } from './journal.service.ts';
import { StorageService } from './storage.service.ts';

/**
 * The §7 Clients routes and the bus-only `clientSubjects`: one method per route or subject, named as its key and
 * bound to its subject by `@RouteHandler` / `@SubjectHandler` (input validated, result parsed by the contract).
 * `implements` makes the compiler refuse a route or subject without its method. Each method only delegates.
 */
@Controller()
export class ClientsController implements RouteHandlers<typeof clientRoutes>, SubjectHandlers<typeof clientSubjects> {
  constructor(
    private readonly clients: ClientsService,
    private readonly journals: JournalService,
    private readonly storage: StorageService,
    private readonly application: ApplicationService,
  ) {}

  /** clients.client.env — GET /api/env. */
  @RouteHandler(clientRoutes.clientEnv)
  clientEnv() {
    return this.clients.env();
  }

  /** clients.client.list — GET api/clients. */
  @RouteHandler(clientRoutes.clientList)
  clientList(input: RouteInput<typeof clientRoutes.clientList>, ctx: RequestContext) {
    return this.clients.list(input, ctx);
  }

  /** clients.client.get — GET api/clients/{id}. */
  @RouteHandler(clientRoutes.clientGet)
  clientGet(input: RouteInput<typeof clientRoutes.clientGet>, ctx: RequestContext) {
    return this.clients.get(input, ctx);
  }

  /** clients.client.update — PUT api/clients/{id}. */
  @RouteHandler(clientRoutes.clientUpdate)
  clientUpdate(input: RouteInput<typeof clientRoutes.clientUpdate>, ctx: RequestContext) {
    return this.clients.update(input, ctx);
  }

  /** clients.client.create — POST api/clients. */
  @RouteHandler(clientRoutes.clientCreate)
  clientCreate(input: RouteInput<typeof clientRoutes.clientCreate>, ctx: RequestContext) {
    return this.clients.create(input, ctx);
  }

  /** clients.client.byWorkspace — GET api/clients/by_ws/{ws}. */
  @RouteHandler(clientRoutes.clientByWorkspace)
  clientByWorkspace(input: RouteInput<typeof clientRoutes.clientByWorkspace>) {
    return this.clients.byWorkspace(input);
  }

  /** clients.features.all — GET api/clients/features/all. */
  @RouteHandler(clientRoutes.featuresAll)
  featuresAll() {
    return this.clients.featuresAll();
  }

  /** clients.features.switch — PUT api/clients/features/switch/{client}/{code}. */
  @RouteHandler(clientRoutes.featuresSwitch)
  featuresSwitch(input: RouteInput<typeof clientRoutes.featuresSwitch>, ctx: RequestContext) {
    return this.clients.featureSwitch(input, ctx);
  }

  /** clients.journal.list — GET api/journal/{client}. */
  @RouteHandler(clientRoutes.journalList)
  journalList(input: RouteInput<typeof clientRoutes.journalList>, ctx: RequestContext) {
    return this.journals.journal(input, ctx);
  }

  /** clients.journal.section — GET api/journal/{client}/section/{section}. */
  @RouteHandler(clientRoutes.journalSection)
  journalSection(input: RouteInput<typeof clientRoutes.journalSection>, ctx: RequestContext) {
    return this.journals.journalSection(input, ctx);
  }

  /** clients.internal.get (bus only). */
  @SubjectHandler(clientSubjects.internalGet)
  internalGet(input: SubjectInput<'internalGet'>) {
    return this.clients.internalGet(input);
  }

  /** clients.internal.byWorkspace (bus only). */
  @SubjectHandler(clientSubjects.internalByWorkspace)
  internalByWorkspace(input: SubjectInput<'internalByWorkspace'>) {
    return this.clients.internalByWorkspace(input);
  }

  /** clients.internal.hr (bus only). */
  @SubjectHandler(clientSubjects.internalHr)
  internalHr(input: SubjectInput<'internalHr'>) {
    return this.clients.internalHr(input);
  }

  /** clients.internal.storage.reserve (bus only). */
  @SubjectHandler(clientSubjects.storageReserve)
  storageReserve(input: SubjectInput<'storageReserve'>) {
    return this.storage.storageReserve(input);
  }

  /** clients.internal.storage.release (bus only). */
  @SubjectHandler(clientSubjects.storageRelease)
  storageRelease(input: SubjectInput<'storageRelease'>) {
    return this.storage.storageRelease(input);
  }

  /** clients.internal.maintenance (bus only): the installation's maintenance mode, for the gateway. */
  @SubjectHandler(clientSubjects.internalMaintenance)
  internalMaintenance() {
    return this.application.installationMaintenance();
  }
}
