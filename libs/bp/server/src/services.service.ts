import { Inject, Injectable } from '@nestjs/common';
import { bpEvents, serviceIssues, type bpRoutes, type Step } from '@intranet/bp-contract';
import { requireCaller, type Caller, type RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { pageWindow, uuidv7, type Database, type Tx } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { mayStart, needsDepartment } from './access.ts';
import { BpRepository } from './bp.repository.ts';
import { groupOut, serviceCard, serviceOut, serviceReqOut } from './mapping.ts';
import { BpPeople } from './people.ts';
import { BpRefs } from './refs.ts';
import { bpError, foreignPerformers, namedInStep, namesUsers, normalizeStep, normalizeSteps, refuse } from './rules.ts';
import type { ServiceRow } from './schema.ts';

type In<K extends keyof typeof bpRoutes> = RouteInput<(typeof bpRoutes)[K]>;

/** 403 'No access' unless the caller administers the client (§6). */
const adminOnly = (caller: Caller) => {
  if (!caller.admin) throw Errors.noAccess();
};

/**
 * Service groups, services (definitions, versioned) and employees' service requests (§7 Services). Input is
 * validated by the contract; the §5 rules are checked again on the whole service; each change is one transaction
 * writing its events to the outbox. People are asked over the bus before the transaction (embedded PGlite has one
 * connection), and the transaction re-checks what it relies on.
 */
@Injectable()
export class ServicesService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
    private readonly repo: BpRepository,
    private readonly people: BpPeople,
    private readonly refs: BpRefs,
  ) {}

  /** §7 GET api/service_group → the client's groups by name. */
  groupList(_input: In<'groupList'>, ctx: RequestContext) {
    requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => (await this.repo.groups(tx)).map(groupOut));
  }

  /** §7 POST api/service_group {name} → the group (administrators). */
  groupCreate({ body }: In<'groupCreate'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    adminOnly(caller);
    return this.db.inTenant(ctx, async (tx) => groupOut(await this.repo.insertGroup(tx, { id: uuidv7(), clientId: caller.clientId, name: body.name })));
  }

  /** §7 PUT api/service_group {_id, name} → the renamed group (administrators). Errors: 404. */
  groupUpdate({ body }: In<'groupUpdate'>, ctx: RequestContext) {
    adminOnly(requireCaller(ctx));
    return this.db.inTenant(ctx, async (tx) => {
      const g = await this.repo.renameGroup(tx, body._id, body.name);
      if (!g) throw Errors.notFound();
      return groupOut(g);
    });
  }

  /** §7 DELETE api/service_group?_id → { _id } (administrators). Errors: 404; 400 'The group has services'. */
  groupDelete({ query }: In<'groupDelete'>, ctx: RequestContext) {
    adminOnly(requireCaller(ctx));
    return this.db.inTenant(ctx, async (tx) => {
      if (!(await this.repo.group(tx, query._id))) throw Errors.notFound();
      if (await this.repo.servicesInGroup(tx, query._id)) throw bpError('groupHasServices');
      await this.repo.deleteGroup(tx, query._id);
      return { _id: query._id };
    });
  }

  /**
   * §7 GET api/service_group/byClient/{client}?search → { groups: [{..., services}], canManage }: the catalogue of
   * /services/. Employees see the services they may start (groups without any left out); administrators all.
   * Errors: 404 another client.
   */
  async groupByClient({ params, query }: In<'groupByClient'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    if (params.client !== caller.clientId) throw Errors.notFound();
    const me = caller.admin ? null : await this.people.user(caller.clientId, caller.userId);
    return this.db.inTenant(ctx, async (tx) => {
      const all = await this.repo.services(tx, query.search || undefined);
      const usable = all.filter((s) => mayStart(s, caller, me?.department));
      const out = (await this.repo.groups(tx)).map((g) => ({
        ...groupOut(g),
        services: usable.filter((s) => s.groupId === g.id).map((s) => serviceCard(s, caller.admin)),
      }));
      return { groups: caller.admin && !query.search ? out : out.filter((g) => g.services.length), canManage: caller.admin };
    });
  }

  /**
   * §7 GET api/service/byArticle/{id} → the services the knowledge-base article {id} describes (their `article`)
   * that the caller may start (administrators: all), by name. An article the caller can read that no service names
   * answers an empty list: the article page asks on every view, and "no services here" is not an error (issue 29
   * §24). Errors: 404 when the caller cannot read the article (another client's, none, or outside their grants).
   */
  async serviceByArticle({ params }: In<'serviceByArticle'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    const rows = await this.db.inTenant(ctx, (tx) => this.repo.byArticle(tx, params.id));
    if (!rows.length) {
      if (!(await this.refs.articleExists(ctx, params.id))) throw Errors.notFound();
      return [];
    }
    const dept = needsDepartment(rows, caller) ? (await this.people.user(caller.clientId, caller.userId)).department : null;
    return rows.filter((s) => mayStart(s, caller, dept)).map((s) => serviceCard(s, caller.admin));
  }

  /**
   * §7 POST api/user/send_service_req {text, bp?} → the stored service request: an employee asks the administrators
   * for a service they cannot find (no bp) or may not start yet (bp, a service of the client). Writes
   * evt.bp.service_req.sent. Errors: 400 text required / too long; 404 unknown bp.
   */
  serviceReqSend({ body }: In<'serviceReqSend'>, ctx: RequestContext) {
    const { clientId, userId } = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      if (body.bp && !(await this.repo.service(tx, body.bp))) throw Errors.notFound();
      const r = await this.repo.insertServiceReq(tx, { id: uuidv7(), clientId, authorId: userId, serviceId: body.bp ?? null, text: body.text });
      await this.outbox.add(tx, bpEvents.serviceReqSent, clientId, { _id: r.id, author: userId, bp: r.serviceId });
      return serviceReqOut(r);
    });
  }

  /** GET api/service/requests?page&limit → { items, total, page, limit }: the client's service requests, newest first (administrators). */
  serviceReqList({ query }: In<'serviceReqList'>, ctx: RequestContext) {
    adminOnly(requireCaller(ctx));
    return this.db.inTenant(ctx, async (tx) => {
      const w = pageWindow(query.page, query.limit, 100);
      const { rows, total } = await this.repo.serviceReqs(tx, w.offset, w.limit);
      return { items: rows.map(serviceReqOut), total, page: query.page, limit: w.limit };
    });
  }

  /** §7 GET api/bp/{id} → the service (those who may start it, administrators). Errors: 404; 403 bpNotAllowed. */
  async serviceGet({ params }: In<'serviceGet'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    const s = await this.db.inTenant(ctx, (tx) => this.repo.service(tx, params.id));
    if (!s) throw Errors.notFound();
    const dept = needsDepartment([s], caller) ? (await this.people.user(caller.clientId, caller.userId)).department : null;
    if (!mayStart(s, caller, dept)) throw bpError('notAllowed');
    return serviceOut(s, caller.admin, true);
  }

  /**
   * §7 POST api/bp → the service (administrators). §5: name, description, group required, at most 5 steps, 10
   * fields per form, 5 performers per step, form and field names, receivers; named employees of the client.
   * Publishes evt.bp.service.changed. Errors: 403, 400 field errors.
   */
  async serviceCreate({ body }: In<'serviceCreate'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    adminOnly(caller);
    const { clientId, userId } = caller;
    const steps = normalizeSteps(body.steps ?? []);
    refuse(serviceIssues({ ...body, steps }));
    refuse(await this.refs.foreignServiceRefs(ctx, clientId, body));
    const ids = await this.employeeIdsFor(clientId, steps);
    return this.db.inTenant(ctx, async (tx) => {
      await this.validateService(tx, { ...body, steps }, ids);
      const s = await this.repo.insertService(tx, {
        id: uuidv7(),
        clientId,
        groupId: body.group!,
        name: body.name!,
        description: body.description!,
        department: body.department?.trim() || null,
        daysLimit: body.days_limit ?? null,
        forAll: body.for_all ?? true,
        users: body.users ?? [],
        departments: body.departments ?? [],
        steps,
        authorId: userId,
        articleId: body.article ?? null,
      });
      await this.outbox.add(tx, bpEvents.serviceChanged, clientId, { bpId: s.id, version: s.version, deleted: false });
      return serviceOut(s, true, true);
    });
  }

  /**
   * §7 PUT api/bp/{id} → the service with its version raised (administrators). §5 on the merged service; the rights
   * tab's fields (for_all, users, departments) too, `users` employees of the client. Errors: 404, 403, 400.
   */
  async serviceUpdate({ params, body }: In<'serviceUpdate'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    adminOnly(caller);
    const steps = body.steps ? normalizeSteps(body.steps) : undefined;
    refuse(await this.refs.foreignServiceRefs(ctx, caller.clientId, body));
    const ids = steps ? await this.employeeIdsFor(caller.clientId, steps) : undefined;
    return this.db.inTenant(ctx, async (tx) => {
      const cur = await this.editable(tx, params.id);
      const merged = {
        name: body.name ?? cur.name,
        description: body.description ?? cur.description,
        group: body.group === undefined ? cur.groupId : body.group,
        steps: steps ?? cur.steps,
      };
      await this.validateService(tx, merged, ids);
      const set: Partial<ServiceRow> = { name: merged.name, description: merged.description, groupId: merged.group!, steps: merged.steps };
      if (body.department !== undefined) set.department = body.department?.trim() || null;
      if (body.days_limit !== undefined) set.daysLimit = body.days_limit;
      if (body.for_all !== undefined) set.forAll = body.for_all;
      if (body.users !== undefined) set.users = body.users;
      if (body.departments !== undefined) set.departments = body.departments;
      if (body.article !== undefined) set.articleId = body.article;
      return this.save(tx, caller, cur, set);
    });
  }

  /** §7 DELETE api/bp/{id} → { _id } (administrators): the service and its templates; requests keep their snapshot. */
  serviceDelete({ params }: In<'serviceDelete'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    adminOnly(caller);
    return this.db.inTenant(ctx, async (tx) => {
      const cur = await this.editable(tx, params.id);
      await this.repo.deleteService(tx, cur.id);
      await this.outbox.add(tx, bpEvents.serviceChanged, caller.clientId, { bpId: cur.id, version: cur.version, deleted: true });
      return { _id: cur.id };
    });
  }

  /** §7 POST api/bp/{bp}/step → the service with the step appended (administrators). §5: at most 5 steps. */
  stepAdd({ params, body }: In<'stepAdd'>, ctx: RequestContext) {
    return this.changeSteps(ctx, params.bp, (steps) => [...steps, normalizeStep(body)]);
  }

  /** §7 PUT api/bp/{bp}/step {_id, ...} → the service with that step replaced (administrators). Errors: 404 unknown step. */
  stepUpdate({ params, body }: In<'stepUpdate'>, ctx: RequestContext) {
    return this.changeSteps(ctx, params.bp, (steps) => {
      if (!steps.some((s) => s._id === body._id)) throw Errors.notFound();
      return steps.map((s) => (s._id === body._id ? normalizeStep(body) : s));
    });
  }

  /** §7 DELETE api/bp/{bp}/step/{step_id} → the service without that step (administrators). Errors: 404. */
  stepDelete({ params }: In<'stepDelete'>, ctx: RequestContext) {
    return this.changeSteps(ctx, params.bp, (steps) => {
      if (!steps.some((s) => s._id === params.step_id)) throw Errors.notFound();
      return steps.filter((s) => s._id !== params.step_id);
    });
  }

  /** A step change: the new step list validated as a whole (§5), the employees it names checked. */
  private async changeSteps(ctx: RequestContext, id: string, change: (steps: Step[]) => Step[]) {
    const caller = requireCaller(ctx);
    adminOnly(caller);
    const peek = await this.db.inTenant(ctx, (tx) => this.repo.service(tx, id));
    if (!peek) throw Errors.notFound();
    const ids = await this.employeeIdsFor(caller.clientId, change(peek.steps));
    return this.db.inTenant(ctx, async (tx) => {
      const cur = await this.editable(tx, id);
      const steps = change(cur.steps);
      await this.validateService(tx, { name: cur.name, description: cur.description, group: cur.groupId, steps }, ids);
      return this.save(tx, caller, cur, { steps });
    });
  }

  /** Validates a whole service (§5) and the employees it names; throws 400 with every problem. */
  private async validateService(tx: Tx, p: Parameters<typeof serviceIssues>[0] & { steps: Step[] }, employeeIds?: Set<string>): Promise<void> {
    const issues = serviceIssues(p);
    if (employeeIds) issues.push(...foreignPerformers(p.steps, employeeIds));
    refuse(issues);
    if (p.group && !(await this.repo.group(tx, p.group))) throw bpError('groupNotFound', 'group');
  }

  /** The named employees of `steps` that are active employees of the client (undefined when none are named). */
  private async employeeIdsFor(clientId: string, steps: readonly Step[]): Promise<Set<string> | undefined> {
    return namesUsers(steps) ? new Set((await this.people.employees(clientId, steps.flatMap(namedInStep))).keys()) : undefined;
  }

  /** Loads a service for an administrator's edit (locked). Errors: 404. */
  private async editable(tx: Tx, id: string): Promise<ServiceRow> {
    const s = await this.repo.service(tx, id, true);
    if (!s) throw Errors.notFound();
    return s;
  }

  /** Saves a changed service (version + 1) and publishes evt.bp.service.changed. */
  private async save(tx: Tx, caller: Caller, cur: ServiceRow, set: Partial<ServiceRow>) {
    const saved = await this.repo.updateService(tx, cur.id, set);
    await this.outbox.add(tx, bpEvents.serviceChanged, caller.clientId, { bpId: saved.id, version: saved.version, deleted: false });
    return serviceOut(saved, true, mayStart(saved, caller, null));
  }
}
