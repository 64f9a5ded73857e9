import { Inject, Injectable } from '@nestjs/common';
import { BP_LIMITS, bpEvents, checkValues, type bpRoutes, type RequestStep, type Step } from '@intranet/bp-contract';
import type { User } from '@intranet/people-contract';
import { requireCaller, type RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { pageWindow, uuidv7, type Database } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { mayListRequestsOf, maySeeRequest, mayStart } from './access.ts';
import { BpRepository } from './bp.repository.ts';
import { BpFiles } from './files.ts';
import { requestListOut, requestOut, templateOut } from './mapping.ts';
import { BpPeople } from './people.ts';
import { audience, bpError, DAY_MS, fileKeysIn, historyEntry as entry, refuse, usersInValues } from './rules.ts';
import type { RequestRow } from './schema.ts';

type In<K extends keyof typeof bpRoutes> = RouteInput<(typeof bpRoutes)[K]>;

/**
 * Running requests and templates (§4 Business process, §7 Services): start, pass a step, comment, the lists, and
 * templates. Each write is one transaction writing its events to the outbox; people and files are checked before it
 * (embedded PGlite has one connection) and the transaction re-checks what it relies on (the step, the claim).
 */
@Injectable()
export class RequestsService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
    private readonly repo: BpRepository,
    private readonly people: BpPeople,
    private readonly files: BpFiles,
  ) {}

  /**
   * §7 POST api/bp/start {bp, values, template?} → the request. The caller must be allowed to start the service;
   * §5 at least 2 steps; the start form (first step) validated by type (a template's values under the given
   * ones); the definition is snapshotted (version kept); the second step's performers resolved (the direct chief
   * now) and assigned; due date = start + days limit. Publishes evt.bp.request.started and evt.bp.step.assigned.
   * Errors: 404; 403 bpNotAllowed; 400 bpMinStepsToStart, field errors, bpChiefNotFound, bpNoPerformers.
   */
  async requestStart({ body }: In<'requestStart'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    const { clientId, userId } = caller;
    const { s, tmpl } = await this.db.inTenant(ctx, async (tx) => ({
      s: await this.repo.service(tx, body.bp),
      tmpl: body.template ? await this.repo.template(tx, body.template) : undefined,
    }));
    if (!s) throw Errors.notFound();
    if (body.template && (!tmpl || tmpl.ownerId !== userId || tmpl.serviceId !== s.id)) throw Errors.notFound();
    const me = await this.people.user(clientId, userId);
    if (!mayStart(s, caller, me.department)) throw bpError('notAllowed');
    if (s.steps.length < BP_LIMITS.minStepsToStart) throw bpError('minStepsToStart', 'steps', { min: BP_LIMITS.minStepsToStart });
    const first = s.steps[0]!;
    const values = { ...(tmpl?.values ?? {}), ...body.values };
    const ids = await this.people.employees(clientId, usersInValues(first.fields, values));
    const own = await this.files.own(ctx, clientId, userId, fileKeysIn(first.fields, values));
    const { issues, clean } = checkValues(
      first.fields,
      values,
      (id) => ids.has(id),
      (key) => own.has(key),
    );
    refuse(issues);
    const next = await this.people.performers(clientId, s.steps[1]!, me);
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
    return this.db.inTenant(ctx, async (tx) => {
      const r = await this.repo.insertRequest(tx, {
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
      await this.repo.addParticipants(tx, r, nextIds);
      await this.files.claim(tx, clientId, userId, r.id, fileKeysIn(first.fields, clean));
      await this.outbox.add(tx, bpEvents.started, clientId, { requestId: r.id, bpId: s.id, name: s.name, initiatorId: userId, userIds: [userId] });
      await this.outbox.add(tx, bpEvents.assigned, clientId, {
        requestId: r.id,
        name: s.name,
        step: 1,
        stepName: s.steps[1]!.name,
        initiatorId: userId,
        userIds: audience(r),
        performers: nextIds,
      });
      return this.out(r, ctx);
    });
  }

  /**
   * §7 POST api/bp/{bp}/pass_step {decision, values, reason, step?} → the request ({bp}: the request's id). Only a
   * performer of the current step. accept: the step's form validated by type and frozen; the next step's performers
   * resolved and assigned, or the request finished. decline: a reason required; the request is rejected. A review
   * step is only acknowledged. Publishes evt.bp.step.accepted / declined, evt.bp.step.assigned,
   * evt.bp.request.finished. Errors: 404; 403 bpNotPerformer; 400 bpNotActive, bpReasonRequired,
   * bpReviewNoDecline, field errors; 409 bpStepChanged (it moved on meanwhile).
   */
  async requestPassStep({ params, body }: In<'requestPassStep'>, ctx: RequestContext) {
    const { clientId, userId } = requireCaller(ctx);
    const peek = await this.db.inTenant(ctx, (tx) => this.repo.request(tx, params.bp));
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
      const ids = await this.people.employees(clientId, usersInValues(def.fields, body.values));
      const own = await this.files.own(ctx, clientId, userId, fileKeysIn(def.fields, body.values));
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
    if (nextDef) next = await this.people.performers(clientId, nextDef, await this.people.user(clientId, peek.initiatorId));
    const nextIds = next.map((u) => u._id);
    return this.db.inTenant(ctx, async (tx) => {
      const cur = await this.repo.request(tx, params.bp, true);
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
      await this.files.claim(tx, clientId, userId, cur.id, fileKeysIn(def.fields, clean));
      const history = [...cur.history, entry(accept ? 'accepted' : 'declined', userId, at, accept ? null : reason)];
      const base = { requestId: cur.id, name: cur.name, initiatorId: cur.initiatorId };
      let saved: RequestRow;
      if (nextDef) {
        history.push(entry('assigned', null, at + 1));
        const participants = [...new Set([...cur.participants, ...nextIds])];
        saved = await this.repo.updateRequest(tx, cur.id, {
          steps,
          history,
          currentStep: at + 1,
          currentPerformers: nextIds,
          participants,
          names: { ...cur.names, ...Object.fromEntries(next.map((u) => [u._id, u.fullName])) },
        });
        await this.repo.addParticipants(tx, saved, nextIds);
        await this.outbox.add(tx, bpEvents.accepted, clientId, { ...base, step: at, by: userId, userIds: audience(saved) });
        await this.outbox.add(tx, bpEvents.assigned, clientId, {
          ...base,
          step: at + 1,
          stepName: nextDef.name,
          userIds: audience(saved),
          performers: nextIds,
        });
      } else {
        const status = accept ? ('finished' as const) : ('rejected' as const);
        history.push(entry(status, null, null));
        saved = await this.repo.updateRequest(tx, cur.id, {
          steps,
          history,
          status,
          currentStep: accept ? steps.length : at,
          currentPerformers: [],
          finishedAt: new Date(),
        });
        if (accept) await this.outbox.add(tx, bpEvents.accepted, clientId, { ...base, step: at, by: userId, userIds: audience(saved) });
        else await this.outbox.add(tx, bpEvents.declined, clientId, { ...base, step: at, by: userId, reason: reason!, userIds: audience(saved) });
        await this.outbox.add(tx, bpEvents.finished, clientId, { ...base, status, userIds: audience(saved) });
      }
      return this.out(saved, ctx);
    });
  }

  /** GET api/bp/request/{id} → the request (initiator, assigned people, administrators). Errors: 404, 403. */
  requestGet({ params }: In<'requestGet'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => this.out(this.visible(await this.repo.request(tx, params.id), caller), ctx));
  }

  /**
   * POST api/bp/request/{id}/comment {text} → the request with the comment added (its initiator, anyone assigned,
   * administrators; the commenter's name kept with the others). Publishes evt.bp.request.commented to the people
   * of the request. Errors: 404, 403.
   */
  async requestComment({ params, body }: In<'requestComment'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    const { clientId, userId } = caller;
    const me = await this.people.user(clientId, userId);
    return this.db.inTenant(ctx, async (tx) => {
      const cur = this.visible(await this.repo.request(tx, params.id, true), caller);
      const saved = await this.repo.updateRequest(tx, cur.id, {
        comments: [...cur.comments, { _id: uuidv7(), user: userId, text: body.text, at: new Date().toISOString() }],
        names: { ...cur.names, [userId]: me.fullName },
      });
      await this.outbox.add(tx, bpEvents.commented, clientId, {
        requestId: cur.id,
        name: cur.name,
        by: userId,
        initiatorId: cur.initiatorId,
        userIds: audience(cur),
      });
      return this.out(saved, ctx);
    });
  }

  /**
   * §7 GET api/bp/runned/{user}?as&bp&finished&from&to&page&limit → { requests, total, page, limit }: "my requests"
   * (as=initiator) or "requests to me" (as=performer). Oneself, or anyone of the client for an administrator.
   * Errors: 403 someone else's list; 404 'User not found' (another client's user).
   */
  async requestByUser({ params, query }: In<'requestByUser'>, ctx: RequestContext) {
    const caller = requireCaller(ctx);
    if (!mayListRequestsOf(params.user, caller)) throw Errors.noAccess();
    if (params.user !== caller.userId) await this.people.user(caller.clientId, params.user);
    return this.db.inTenant(ctx, async (tx) => {
      const w = pageWindow(query.page, query.limit, 100);
      const { rows, total } = await this.repo.runned(tx, {
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
  }

  /**
   * GET api/bp/{id}/requests?finished&page&limit → { requests, total, page, limit }: every request of the service
   * (its snapshot versions too), newest first — the administrators' requests tab (§2). Errors: 403; 404 unknown
   * service (a deleted one's requests stay readable one by one).
   */
  requestByService({ params, query }: In<'requestByService'>, ctx: RequestContext) {
    if (!requireCaller(ctx).admin) throw Errors.noAccess();
    return this.db.inTenant(ctx, async (tx) => {
      if (!(await this.repo.service(tx, params.id))) throw Errors.notFound();
      const w = pageWindow(query.page, query.limit, 100);
      const { rows, total } = await this.repo.runned(tx, {
        as: 'initiator',
        bp: params.id,
        finished: query.finished === undefined ? undefined : query.finished === '1',
        ...w,
      });
      return { requests: rows.map((r) => requestListOut(r, ctx)), total, page: query.page, limit: w.limit };
    });
  }

  /** §7 GET api/bp/tmpls/{client}?bp → the caller's templates. Errors: 404 another client. */
  templateList({ params, query }: In<'templateList'>, ctx: RequestContext) {
    const { clientId, userId } = requireCaller(ctx);
    if (params.client !== clientId) throw Errors.notFound();
    return this.db.inTenant(ctx, async (tx) => (await this.repo.templates(tx, userId, query.bp)).map(templateOut));
  }

  /**
   * §7 POST api/bp/convert/{id} {name?} → the template: a finished request of the caller's (its initiator) saved
   * with its start form values. Errors: 404 (also when its service was deleted); 403; 400 bpNotFinished.
   */
  requestConvert({ params, body }: In<'requestConvert'>, ctx: RequestContext) {
    const { clientId, userId } = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const r = await this.repo.request(tx, params.id);
      if (!r) throw Errors.notFound();
      if (r.initiatorId !== userId) throw Errors.noAccess();
      if (r.status !== 'finished') throw bpError('notFinished');
      if (!(await this.repo.service(tx, r.serviceId))) throw Errors.notFound();
      const t = await this.repo.insertTemplate(tx, {
        id: uuidv7(),
        clientId,
        serviceId: r.serviceId,
        ownerId: userId,
        name: body.name || r.name,
        values: r.steps[0]?.values ?? {},
      });
      return templateOut(t);
    });
  }

  /** A request as answers give it, its file values signed. */
  private out(r: RequestRow, ctx: RequestContext) {
    return requestOut(r, ctx, this.files.sign);
  }

  /** The request if the caller may see it (see maySeeRequest). Errors: 404, 403. */
  private visible(r: RequestRow | undefined, caller: Parameters<typeof maySeeRequest>[1]): RequestRow {
    if (!r) throw Errors.notFound();
    if (!maySeeRequest(r, caller)) throw Errors.noAccess();
    return r;
  }
}
