import {
  BP_LIMITS,
  bpEvents,
  bpIssue,
  checkValues,
  serviceIssues,
  type BpIssue,
  type bpRoutes,
  type HistoryEntry,
  type RequestStep,
  type Step,
} from '@intranet/bp-contract';
import type { User } from '@intranet/people-contract';
import type { RequestContext, RouteHandlers } from '@intranet/platform-bus';
import { pageWindow, uuidv7, type Tx } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import type { DomainDeps } from '@intranet/platform-host';
import { claimFiles, fileKeysIn, ownFiles, signer } from './files.ts';
import { isAdmin, namedInStep, performersOf, userOf, usersByIds, usersInValues } from './people.ts';
import { articleExists, foreignServiceRefs } from './refs.ts';
import { bpRepository as repo } from './repository.ts';
import type { RequestRow, ServiceRow } from './schema.ts';
import {
  bpError,
  groupOut,
  mayStart,
  normalizeStep,
  normalizeSteps,
  refuse,
  requestListOut,
  requestOut,
  serviceCard,
  serviceOut,
  serviceReqOut,
  templateOut,
} from './view.ts';

const DAY_MS = 86_400_000;

const tenantOf = (ctx: RequestContext) => {
  if (!ctx.clientId || !ctx.userId) throw Errors.notFound();
  return { clientId: ctx.clientId, userId: ctx.userId };
};
const adminOnly = (ctx: RequestContext) => {
  if (!isAdmin(ctx.roles)) throw Errors.noAccess();
};

/** Ids of the users the steps' performers name (to check they are employees of the client). */
const namedUsers = (steps: readonly Step[]) => steps.some((s) => s.performers.some((p) => p.users?.length));

/** §5 "users of the same client" for the employees a service's steps name: field errors for those that are not. */
function foreignPerformers(steps: readonly Step[], ids: ReadonlySet<string>): BpIssue[] {
  const out: BpIssue[] = [];
  steps.forEach((s, i) =>
    s.performers.forEach((p, j) => {
      if (p.users?.some((u) => !ids.has(u))) out.push(bpIssue(`steps.${i}.performers.${j}.users`, 'userNotInClient'));
    }),
  );
  return out;
}

const entry = (action: HistoryEntry['action'], user: string | null, step: number | null, reason: string | null = null): HistoryEntry => ({
  at: new Date().toISOString(),
  user,
  action,
  step,
  reason,
});

/** Everyone who should see a request change live: its initiator and everyone assigned to it. */
const audience = (r: Pick<RequestRow, 'initiatorId' | 'participants'>, more: readonly string[] = []) => [
  ...new Set([r.initiatorId, ...r.participants, ...more]),
];

/**
 * Handlers of the §7 Services routes (one use case per write path). Input is already validated by the contract; the
 * §5 rules are checked again on the server on the whole service; each change is one transaction and writes its
 * events to the outbox in it. People (employees, the initiator, the direct chief) are asked over the bus before the
 * transaction (embedded PGlite has one connection), and the transaction re-checks what it relies on.
 */
export function bpHandlers({ db, bus, outbox, storage, config }: DomainDeps): RouteHandlers<typeof bpRoutes> {
  const sign = signer(config.JWT_SECRET);
  const out = (r: RequestRow, ctx: RequestContext) => requestOut(r, ctx, sign);
  /** The file values of a form the caller may attach (see ownFiles), read in a tenant transaction before the write. */
  const filesOk = async (ctx: RequestContext, clientId: string, userId: string, keys: { key: string }[]) =>
    keys.length
      ? db.inTenant(ctx, (tx) =>
          ownFiles(
            storage,
            tx,
            clientId,
            userId,
            keys.map((k) => k.key),
          ),
        )
      : new Set<string>();
  /** Validates a whole service (§5) and the employees it names; throws 400 with every problem. */
  const validateService = async (tx: Tx, p: Parameters<typeof serviceIssues>[0] & { steps: Step[] }, employeeIds?: Set<string>) => {
    const issues = serviceIssues(p);
    if (employeeIds) issues.push(...foreignPerformers(p.steps, employeeIds));
    refuse(issues);
    if (p.group && !(await repo.group(tx, p.group))) throw bpError('groupNotFound', 'group');
  };
  /** The named employees of `steps` that are active employees of the client (undefined when none are named). */
  const employeeIdsFor = async (clientId: string, steps: readonly Step[]) =>
    namedUsers(steps) ? new Set((await usersByIds(bus, clientId, steps.flatMap(namedInStep))).keys()) : undefined;

  /** Loads a service for an administrator's edit (locked). Errors: 404. */
  const editable = async (tx: Tx, id: string) => {
    const s = await repo.service(tx, id, true);
    if (!s) throw Errors.notFound();
    return s;
  };

  /** Saves a changed service (version + 1) and publishes evt.bp.service.changed. */
  const save = async (tx: Tx, clientId: string, cur: ServiceRow, set: Partial<ServiceRow>, ctx: RequestContext) => {
    const saved = await repo.updateService(tx, cur.id, set);
    await outbox.add(tx, bpEvents.serviceChanged, clientId, { bpId: saved.id, version: saved.version, deleted: false });
    return serviceOut(saved, true, mayStart(saved, ctx, null, true));
  };

  /** A step change: the new step list validated as a whole (§5), the employees it names checked. */
  const changeSteps = async (ctx: RequestContext, id: string, change: (steps: Step[]) => Step[]) => {
    const { clientId } = tenantOf(ctx);
    adminOnly(ctx);
    const peek = await db.inTenant(ctx, (tx) => repo.service(tx, id));
    if (!peek) throw Errors.notFound();
    const ids = await employeeIdsFor(clientId, change(peek.steps));
    return db.inTenant(ctx, async (tx) => {
      const cur = await editable(tx, id);
      const steps = change(cur.steps);
      await validateService(tx, { name: cur.name, description: cur.description, group: cur.groupId, steps }, ids);
      return save(tx, clientId, cur, { steps }, ctx);
    });
  };

  /** The request if the caller may see it (initiator, someone assigned, administrator). Errors: 404, 403. */
  const visibleRequest = (r: RequestRow | undefined, ctx: RequestContext) => {
    if (!r) throw Errors.notFound();
    if (r.initiatorId !== ctx.userId && !r.participants.includes(ctx.userId!) && !isAdmin(ctx.roles)) throw Errors.noAccess();
    return r;
  };

  return {
    /** §7 GET api/service_group → the client's groups by name. */
    groupList: (_i, ctx) => db.inTenant(ctx, async (tx) => (await repo.groups(tx)).map(groupOut)),

    /** §7 POST api/service_group {name} → the group (administrators). */
    groupCreate: ({ body }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const { clientId } = tenantOf(ctx);
        adminOnly(ctx);
        return groupOut(await repo.insertGroup(tx, { id: uuidv7(), clientId, name: body.name }));
      }),

    /** §7 PUT api/service_group {_id, name} → the renamed group (administrators). Errors: 404. */
    groupUpdate: ({ body }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        adminOnly(ctx);
        const g = await repo.renameGroup(tx, body._id, body.name);
        if (!g) throw Errors.notFound();
        return groupOut(g);
      }),

    /** §7 DELETE api/service_group?_id → { _id } (administrators). Errors: 404; 400 'The group has services'. */
    groupDelete: ({ query }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        adminOnly(ctx);
        if (!(await repo.group(tx, query._id))) throw Errors.notFound();
        if (await repo.servicesInGroup(tx, query._id)) throw bpError('groupHasServices');
        await repo.deleteGroup(tx, query._id);
        return { _id: query._id };
      }),

    /**
     * §7 GET api/service_group/byClient/{client}?search → { groups: [{..., services}], canManage }: the catalogue of
     * /services/. Employees see the services they may start (groups without any left out); administrators all.
     * Errors: 404 another client.
     */
    byClient: async ({ params, query }, ctx) => {
      const { clientId, userId } = tenantOf(ctx);
      if (params.client !== clientId) throw Errors.notFound();
      const admin = isAdmin(ctx.roles);
      const me = admin ? null : await userOf(bus, ctx, userId);
      return db.inTenant(ctx, async (tx) => {
        const all = await repo.services(tx, query.search || undefined);
        const usable = all.filter((s) => mayStart(s, ctx, me?.department, admin));
        const out = (await repo.groups(tx)).map((g) => ({
          ...groupOut(g),
          services: usable.filter((s) => s.groupId === g.id).map((s) => serviceCard(s, admin)),
        }));
        return { groups: admin && !query.search ? out : out.filter((g) => g.services.length), canManage: admin };
      });
    },

    /**
     * §7 GET api/service/byArticle/{id} → the services the knowledge-base article {id} describes (their `article`)
     * that the caller may start (administrators: all), by name. An article the caller can read that no service names
     * answers an empty list: the article page asks on every view, and "no services here" is not an error (issue 29
     * §24). Errors: 404 when the caller cannot read the article (another client's, none, or outside their grants).
     */
    byArticle: async ({ params }, ctx) => {
      const { userId } = tenantOf(ctx);
      const admin = isAdmin(ctx.roles);
      const rows = await db.inTenant(ctx, (tx) => repo.byArticle(tx, params.id));
      if (!rows.length) {
        if (!(await articleExists(bus, ctx, params.id))) throw Errors.notFound();
        return [];
      }
      const dept = admin || rows.every((s) => s.forAll) ? null : (await userOf(bus, ctx, userId)).department;
      return rows.filter((s) => mayStart(s, ctx, dept, admin)).map((s) => serviceCard(s, admin));
    },

    /**
     * §7 POST api/user/send_service_req {text, bp?} → the stored service request: an employee asks the administrators
     * for a service they cannot find (no bp) or may not start yet (bp, a service of the client). Writes
     * evt.bp.service_req.sent. Errors: 400 text required / too long; 404 unknown bp.
     */
    sendServiceReq: ({ body }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const { clientId, userId } = tenantOf(ctx);
        if (body.bp && !(await repo.service(tx, body.bp))) throw Errors.notFound();
        const r = await repo.insertServiceReq(tx, { id: uuidv7(), clientId, authorId: userId, serviceId: body.bp ?? null, text: body.text });
        await outbox.add(tx, bpEvents.serviceReqSent, clientId, { _id: r.id, author: userId, bp: r.serviceId });
        return serviceReqOut(r);
      }),

    /** GET api/service/requests?page&limit → { items, total, page, limit }: the client's service requests, newest first (administrators). */
    serviceReqs: ({ query }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        tenantOf(ctx);
        adminOnly(ctx);
        const w = pageWindow(query.page, query.limit, 100);
        const { rows, total } = await repo.serviceReqs(tx, w.offset, w.limit);
        return { items: rows.map(serviceReqOut), total, page: query.page, limit: w.limit };
      }),

    /** §7 GET api/bp/{id} → the service (those who may start it, administrators). Errors: 404; 403 bpNotAllowed. */
    get: async ({ params }, ctx) => {
      const { userId } = tenantOf(ctx);
      const admin = isAdmin(ctx.roles);
      const s = await db.inTenant(ctx, (tx) => repo.service(tx, params.id));
      if (!s) throw Errors.notFound();
      const dept = admin || s.forAll ? null : (await userOf(bus, ctx, userId)).department;
      if (!mayStart(s, ctx, dept, admin)) throw bpError('notAllowed');
      return serviceOut(s, admin, true);
    },

    /**
     * §7 POST api/bp → the service (administrators). §5: name, description, group required, at most 5 steps, 10
     * fields per form, 5 performers per step, form and field names, receivers; named employees of the client.
     * Publishes evt.bp.service.changed. Errors: 403, 400 field errors.
     */
    create: async ({ body }, ctx) => {
      const { clientId, userId } = tenantOf(ctx);
      adminOnly(ctx);
      const steps = normalizeSteps(body.steps ?? []);
      refuse(serviceIssues({ ...body, steps }));
      refuse(await foreignServiceRefs(bus, ctx, clientId, body));
      const ids = await employeeIdsFor(clientId, steps);
      return db.inTenant(ctx, async (tx) => {
        await validateService(tx, { ...body, steps }, ids);
        const s = await repo.insertService(tx, {
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
        await outbox.add(tx, bpEvents.serviceChanged, clientId, { bpId: s.id, version: s.version, deleted: false });
        return serviceOut(s, true, true);
      });
    },

    /**
     * §7 PUT api/bp/{id} → the service with its version raised (administrators). §5 on the merged service; the rights
     * tab's fields (for_all, users, departments) too, `users` employees of the client. Errors: 404, 403, 400.
     */
    update: async ({ params, body }, ctx) => {
      const { clientId } = tenantOf(ctx);
      adminOnly(ctx);
      const steps = body.steps ? normalizeSteps(body.steps) : undefined;
      refuse(await foreignServiceRefs(bus, ctx, clientId, body));
      const ids = steps ? await employeeIdsFor(clientId, steps) : undefined;
      return db.inTenant(ctx, async (tx) => {
        const cur = await editable(tx, params.id);
        const merged = {
          name: body.name ?? cur.name,
          description: body.description ?? cur.description,
          group: body.group === undefined ? cur.groupId : body.group,
          steps: steps ?? cur.steps,
        };
        await validateService(tx, merged, ids);
        const set: Partial<ServiceRow> = { name: merged.name, description: merged.description, groupId: merged.group!, steps: merged.steps };
        if (body.department !== undefined) set.department = body.department?.trim() || null;
        if (body.days_limit !== undefined) set.daysLimit = body.days_limit;
        if (body.for_all !== undefined) set.forAll = body.for_all;
        if (body.users !== undefined) set.users = body.users;
        if (body.departments !== undefined) set.departments = body.departments;
        if (body.article !== undefined) set.articleId = body.article;
        return save(tx, clientId, cur, set, ctx);
      });
    },

    /** §7 DELETE api/bp/{id} → { _id } (administrators): the service and its templates; requests keep their snapshot. */
    remove: ({ params }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const { clientId } = tenantOf(ctx);
        adminOnly(ctx);
        const cur = await editable(tx, params.id);
        await repo.deleteService(tx, cur.id);
        await outbox.add(tx, bpEvents.serviceChanged, clientId, { bpId: cur.id, version: cur.version, deleted: true });
        return { _id: cur.id };
      }),

    /** §7 POST api/bp/{bp}/step → the service with the step appended (administrators). §5: at most 5 steps. */
    stepAdd: ({ params, body }, ctx) => changeSteps(ctx, params.bp, (steps) => [...steps, normalizeStep(body)]),

    /** §7 PUT api/bp/{bp}/step {_id, ...} → the service with that step replaced (administrators). Errors: 404 unknown step. */
    stepUpdate: ({ params, body }, ctx) =>
      changeSteps(ctx, params.bp, (steps) => {
        if (!steps.some((s) => s._id === body._id)) throw Errors.notFound();
        return steps.map((s) => (s._id === body._id ? normalizeStep(body) : s));
      }),

    /** §7 DELETE api/bp/{bp}/step/{step_id} → the service without that step (administrators). Errors: 404. */
    stepDelete: ({ params }, ctx) =>
      changeSteps(ctx, params.bp, (steps) => {
        if (!steps.some((s) => s._id === params.step_id)) throw Errors.notFound();
        return steps.filter((s) => s._id !== params.step_id);
      }),

    /**
     * §7 POST api/bp/start {bp, values, template?} → the request. The caller must be allowed to start the service;
     * §5 at least 2 steps; the start form (first step) validated by type (a template's values under the given
     * ones); the definition is snapshotted (version kept); the second step's performers resolved (the direct chief
     * now) and assigned; due date = start + days limit. Publishes evt.bp.request.started and evt.bp.step.assigned.
     * Errors: 404; 403 bpNotAllowed; 400 bpMinStepsToStart, field errors, bpChiefNotFound, bpNoPerformers.
     */
    start: async ({ body }, ctx) => {
      const { clientId, userId } = tenantOf(ctx);
      const admin = isAdmin(ctx.roles);
      const { s, tmpl } = await db.inTenant(ctx, async (tx) => ({
        s: await repo.service(tx, body.bp),
        tmpl: body.template ? await repo.template(tx, body.template) : undefined,
      }));
      if (!s) throw Errors.notFound();
      if (body.template && (!tmpl || tmpl.ownerId !== userId || tmpl.serviceId !== s.id)) throw Errors.notFound();
      const me = await userOf(bus, ctx, userId);
      if (!mayStart(s, ctx, me.department, admin)) throw bpError('notAllowed');
      if (s.steps.length < BP_LIMITS.minStepsToStart) throw bpError('minStepsToStart', 'steps', { min: BP_LIMITS.minStepsToStart });
      const values = { ...(tmpl?.values ?? {}), ...body.values };
      const ids = await usersByIds(bus, clientId, usersInValues(s.steps[0]!.fields, values));
      const startFiles = fileKeysIn(s.steps[0]!.fields, values);
      const own = await filesOk(ctx, clientId, userId, startFiles);
      const { issues, clean } = checkValues(
        s.steps[0]!.fields,
        values,
        (id) => ids.has(id),
        (key) => own.has(key),
      );
      refuse(issues);
      const next = await performersOf(bus, clientId, s.steps[1]!, me);
      const nextIds = next.map((u) => u._id);
      const now = new Date();
      const steps: RequestStep[] = s.steps.map((st, i) => ({
        _id: st._id,
        name: st.name,
        review: st.review,
        performers: i === 0 ? [userId] : i === 1 ? nextIds : [],
        values: i === 0 ? clean : {},
        result: i === 0 ? 'accepted' : null,
        by: i === 0 ? userId : null,
        at: i === 0 ? now.toISOString() : null,
        reason: null,
      }));
      return db.inTenant(ctx, async (tx) => {
        const r = await repo.insertRequest(tx, {
          id: uuidv7(),
          clientId,
          serviceId: s.id,
          name: s.name,
          version: s.version,
          definition: { steps: s.steps, days_limit: s.daysLimit, department: s.department },
          initiatorId: userId,
          status: 'active',
          currentStep: 1,
          currentPerformers: nextIds,
          participants: nextIds,
          steps,
          history: [entry('started', userId, 0), entry('assigned', null, 1)],
          names: Object.fromEntries([me, ...next].map((u) => [u._id, u.fullName])),
          dueAt: s.daysLimit ? new Date(now.getTime() + s.daysLimit * DAY_MS) : null,
          createdAt: now,
        });
        await repo.addParticipants(tx, r, nextIds);
        await claimFiles(tx, clientId, userId, r.id, fileKeysIn(s.steps[0]!.fields, clean));
        await outbox.add(tx, bpEvents.started, clientId, { requestId: r.id, bpId: s.id, name: s.name, initiatorId: userId, userIds: [userId] });
        await outbox.add(tx, bpEvents.assigned, clientId, {
          requestId: r.id,
          name: s.name,
          step: 1,
          stepName: s.steps[1]!.name,
          initiatorId: userId,
          userIds: audience(r),
          performers: nextIds,
        });
        return out(r, ctx);
      });
    },

    /**
     * §7 POST api/bp/{bp}/pass_step {decision, values, reason, step?} → the request ({bp}: the request's id). Only a
     * performer of the current step. accept: the step's form validated by type and frozen; the next step's performers
     * resolved and assigned, or the request finished. decline: a reason required; the request is rejected. A review
     * step is only acknowledged. Publishes evt.bp.step.accepted / declined, evt.bp.step.assigned,
     * evt.bp.request.finished. Errors: 404; 403 bpNotPerformer; 400 bpNotActive, bpReasonRequired,
     * bpReviewNoDecline, field errors; 409 bpStepChanged (it moved on meanwhile).
     */
    passStep: async ({ params, body }, ctx) => {
      const { clientId, userId } = tenantOf(ctx);
      const peek = await db.inTenant(ctx, (tx) => repo.request(tx, params.bp));
      if (!peek) throw Errors.notFound();
      if (peek.status !== 'active') throw bpError('notActive');
      if (!peek.currentPerformers.includes(userId)) throw bpError('notPerformer');
      const at = peek.currentStep;
      if (body.step !== undefined && body.step !== at) throw bpError('stepChanged');
      const def = peek.definition.steps[at]!;
      const accept = body.decision === 'accept';
      const reason = body.reason?.trim() || null;
      if (!accept && def.review) throw bpError('reviewNoDecline');
      if (!accept && !reason) throw bpError('reasonRequired', 'reason');
      const nextDef: Step | undefined = accept ? peek.definition.steps[at + 1] : undefined;
      let clean = {};
      if (accept && !def.review) {
        const ids = await usersByIds(bus, clientId, usersInValues(def.fields, body.values));
        const own = await filesOk(ctx, clientId, userId, fileKeysIn(def.fields, body.values));
        const checked = checkValues(
          def.fields,
          body.values,
          (id) => ids.has(id),
          (key) => own.has(key),
        );
        refuse(checked.issues);
        clean = checked.clean;
      }
      let next: User[] = [];
      if (nextDef) {
        const initiator = await userOf(bus, ctx, peek.initiatorId);
        next = await performersOf(bus, clientId, nextDef, initiator);
      }
      const nextIds = next.map((u) => u._id);
      return db.inTenant(ctx, async (tx) => {
        const cur = await repo.request(tx, params.bp, true);
        if (!cur || cur.status !== 'active' || cur.currentStep !== at) throw bpError('stepChanged');
        if (!cur.currentPerformers.includes(userId)) throw bpError('notPerformer');
        const now = new Date().toISOString();
        const steps = cur.steps.map((s, i) =>
          i === at
            ? { ...s, values: clean, result: accept ? ('accepted' as const) : ('declined' as const), by: userId, at: now, reason: accept ? null : reason }
            : i === at + 1 && nextDef
              ? { ...s, performers: nextIds }
              : s,
        );
        await claimFiles(tx, clientId, userId, cur.id, fileKeysIn(def.fields, clean));
        const history = [...cur.history, entry(accept ? 'accepted' : 'declined', userId, at, accept ? null : reason)];
        const base = { requestId: cur.id, name: cur.name, initiatorId: cur.initiatorId };
        let saved: RequestRow;
        if (nextDef) {
          history.push(entry('assigned', null, at + 1));
          const participants = [...new Set([...cur.participants, ...nextIds])];
          saved = await repo.updateRequest(tx, cur.id, {
            steps,
            history,
            currentStep: at + 1,
            currentPerformers: nextIds,
            participants,
            names: { ...cur.names, ...Object.fromEntries(next.map((u) => [u._id, u.fullName])) },
          });
          await repo.addParticipants(tx, saved, nextIds);
          await outbox.add(tx, bpEvents.accepted, clientId, { ...base, step: at, by: userId, userIds: audience(saved) });
          await outbox.add(tx, bpEvents.assigned, clientId, { ...base, step: at + 1, stepName: nextDef.name, userIds: audience(saved), performers: nextIds });
        } else {
          const status = accept ? ('finished' as const) : ('rejected' as const);
          history.push(entry(status, null, null));
          saved = await repo.updateRequest(tx, cur.id, {
            steps,
            history,
            status,
            currentStep: accept ? steps.length : at,
            currentPerformers: [],
            finishedAt: new Date(),
          });
          if (accept) await outbox.add(tx, bpEvents.accepted, clientId, { ...base, step: at, by: userId, userIds: audience(saved) });
          else await outbox.add(tx, bpEvents.declined, clientId, { ...base, step: at, by: userId, reason: reason!, userIds: audience(saved) });
          await outbox.add(tx, bpEvents.finished, clientId, { ...base, status, userIds: audience(saved) });
        }
        return out(saved, ctx);
      });
    },

    /** GET api/bp/request/{id} → the request (initiator, assigned people, administrators). Errors: 404, 403. */
    request: ({ params }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        tenantOf(ctx);
        return out(visibleRequest(await repo.request(tx, params.id), ctx), ctx);
      }),

    /**
     * POST api/bp/request/{id}/comment {text} → the request with the comment added (its initiator, anyone assigned,
     * administrators; the commenter's name kept with the others). Publishes evt.bp.request.commented to the people
     * of the request. Errors: 404, 403.
     */
    comment: async ({ params, body }, ctx) => {
      const { clientId, userId } = tenantOf(ctx);
      const me = await userOf(bus, ctx, userId);
      return db.inTenant(ctx, async (tx) => {
        const cur = visibleRequest(await repo.request(tx, params.id, true), ctx);
        const saved = await repo.updateRequest(tx, cur.id, {
          comments: [...cur.comments, { _id: uuidv7(), user: userId, text: body.text, at: new Date().toISOString() }],
          names: { ...cur.names, [userId]: me.fullName },
        });
        await outbox.add(tx, bpEvents.commented, clientId, {
          requestId: cur.id,
          name: cur.name,
          by: userId,
          initiatorId: cur.initiatorId,
          userIds: audience(cur),
        });
        return out(saved, ctx);
      });
    },

    /**
     * §7 GET api/bp/runned/{user}?as&bp&finished&from&to&page&limit → { requests, total, page, limit }: "my requests"
     * (as=initiator) or "requests to me" (as=performer). Oneself, or anyone of the client for an administrator.
     * Errors: 403 someone else's list; 404 'User not found' (another client's user).
     */
    runned: async ({ params, query }, ctx) => {
      const { userId } = tenantOf(ctx);
      if (params.user !== userId) {
        if (!isAdmin(ctx.roles)) throw Errors.noAccess();
        await userOf(bus, ctx, params.user);
      }
      return db.inTenant(ctx, async (tx) => {
        const w = pageWindow(query.page, query.limit, 100);
        const { rows, total } = await repo.runned(tx, {
          userId: params.user,
          as: query.as,
          bp: query.bp,
          finished: query.finished === undefined ? undefined : query.finished === '1',
          from: query.from,
          to: query.to,
          ...w,
        });
        return { requests: rows.map((r) => requestListOut(r, ctx)), total, page: query.page, limit: w.limit };
      });
    },

    /**
     * GET api/bp/{id}/requests?finished&page&limit → { requests, total, page, limit }: every request of the service
     * (its snapshot versions too), newest first — the administrators' requests tab (§2). Errors: 403; 404 unknown
     * service (a deleted one's requests stay readable one by one).
     */
    serviceRequests: ({ params, query }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        tenantOf(ctx);
        adminOnly(ctx);
        if (!(await repo.service(tx, params.id))) throw Errors.notFound();
        const w = pageWindow(query.page, query.limit, 100);
        const { rows, total } = await repo.runned(tx, {
          as: 'initiator',
          bp: params.id,
          finished: query.finished === undefined ? undefined : query.finished === '1',
          ...w,
        });
        return { requests: rows.map((r) => requestListOut(r, ctx)), total, page: query.page, limit: w.limit };
      }),

    /** §7 GET api/bp/tmpls/{client}?bp → the caller's templates. Errors: 404 another client. */
    tmpls: ({ params, query }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const { clientId, userId } = tenantOf(ctx);
        if (params.client !== clientId) throw Errors.notFound();
        return (await repo.templates(tx, userId, query.bp)).map(templateOut);
      }),

    /**
     * §7 POST api/bp/convert/{id} {name?} → the template: a finished request of the caller's (its initiator) saved
     * with its start form values. Errors: 404 (also when its service was deleted); 403; 400 bpNotFinished.
     */
    convert: ({ params, body }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const { clientId, userId } = tenantOf(ctx);
        const r = await repo.request(tx, params.id);
        if (!r) throw Errors.notFound();
        if (r.initiatorId !== userId) throw Errors.noAccess();
        if (r.status !== 'finished') throw bpError('notFinished');
        if (!(await repo.service(tx, r.serviceId))) throw Errors.notFound();
        const t = await repo.insertTemplate(tx, {
          id: uuidv7(),
          clientId,
          serviceId: r.serviceId,
          ownerId: userId,
          name: body.name || r.name,
          values: r.steps[0]?.values ?? {},
        });
        return templateOut(t);
      }),
  };
}

/**
 * The overdue scan (§ days limit: "an overdue request raises an event once"): marks every client's active requests
 * past their due date, in batches of 500, and writes evt.bp.request.overdue for each in the same transaction (outbox).
 * Safe with several replicas running it at once (see bpRepository.markOverdue). Output: how many were raised.
 */
export function overdueScan({ db, outbox }: Pick<DomainDeps, 'db' | 'outbox'>) {
  return async (now = new Date()): Promise<number> => {
    let raised = 0;
    for (;;) {
      const n = await db.asSystem('bp overdue scan', async (tx) => {
        const rows = await repo.markOverdue(tx, now);
        for (const r of rows)
          await outbox.add(tx, bpEvents.overdue, r.clientId, {
            requestId: r.id,
            name: r.name,
            due: r.dueAt!.toISOString(),
            initiatorId: r.initiatorId,
            userIds: audience(r),
          });
        return rows.length;
      });
      raised += n;
      if (n < 500) return raised;
    }
  };
}
