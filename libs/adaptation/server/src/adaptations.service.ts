import { Inject, Injectable } from '@nestjs/common';
import { ADAPT_ERRORS as E, adaptationEvents, TRACK_PROBLEMS, type adaptationRoutes, type AdaptRole, type StepType } from '@intranet/adaptation-contract';
import { peopleClient, type PeopleClient } from '@intranet/people-contract/lookup';
import { requireCaller, type Bus, type Caller, type RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { pageWindow, uuidv7, type Database, type Tx } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { canFinish, canListFor, canPassProbation, canView, canViewAs, isHr, rolesIn } from './access.ts';
import { AdaptationRepository, type AdaptationWithCounts, type RefKind } from './adaptation.repository.ts';
import { AdaptationJobs, peopleOf } from './jobs.ts';
import { adaptationFullOut, adaptationOut } from './mapping.ts';
import { refuse } from './refuse.ts';
import { addDays } from './schedule.ts';

type In<K extends keyof typeof adaptationRoutes> = RouteInput<(typeof adaptationRoutes)[K]>;
/** The kinds of steps another domain's event finishes. */
export type { RefKind } from './adaptation.repository.ts';

/**
 * Adaptations: a newcomer on a track (§7 add_user, the views per role, finishing, rolling back, resuming, probation)
 * and the completions other domains' events bring (a poll answered, an article read, a course learned). Every
 * change is one tenant transaction under the adaptation's row lock; its events go to the outbox in it.
 */
@Injectable()
export class AdaptationsService {
  private readonly people: PeopleClient;

  constructor(
    private readonly repo: AdaptationRepository,
    private readonly jobs: AdaptationJobs,
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
    @Inject(PORTS.bus) bus: Bus,
  ) {
    this.people = peopleClient(bus);
  }

  /** The full view of adaptation `a` for `caller` (only `scenario`'s steps when given). */
  private async full(tx: Tx, a: AdaptationWithCounts, userId: string, scenario?: AdaptRole) {
    return adaptationFullOut(
      a,
      await this.repo.stages(tx, a.trackId),
      await this.repo.steps(tx, a.trackId),
      await this.repo.progressOf(tx, a.id),
      rolesIn(a, userId),
      scenario,
    );
  }

  /** The adaptation or 404; 404 too for someone who may not see it (no hint it exists). */
  private async visible(tx: Tx, id: string, c: Caller, lock = false) {
    const a = await this.repo.adaptationFind(tx, id, lock);
    if (!a || !canView(a, c)) throw Errors.notFound();
    return a;
  }

  /**
   * POST api/adaptation/add_user: the newcomer on the track from `start_date`; every step gets its opening day and
   * what is due opens now (a running track). Errors: 404 track; 400 invalidId for a person not of the client;
   * 409 adaptEmployeeTwice.
   */
  async userAdd({ body }: In<'userAdd'>, ctx: RequestContext) {
    const c = requireCaller(ctx);
    const ids = [body.user_id, body.mentor_id, body.hr_id, body.chief_id].filter((x): x is string => !!x);
    const found = await this.people.usersByIds(c.clientId, ids);
    const unknown = (['user_id', 'mentor_id', 'hr_id', 'chief_id'] as const).filter((f) => body[f] && !found.has(body[f]!));
    if (unknown.length) throw Errors.unknownIds(unknown);
    return this.db.inTenant(ctx, async (tx) => {
      const t = await this.repo.trackFind(tx, body.track_id, true);
      if (!t) throw Errors.notFound();
      const id = uuidv7();
      const added = await this.repo.adaptationInsert(tx, {
        id,
        clientId: c.clientId,
        trackId: t.id,
        userId: body.user_id,
        mentorId: body.mentor_id,
        hrId: body.hr_id ?? null,
        chiefId: body.chief_id ?? null,
        startDate: body.start_date,
        createdBy: c.userId,
      });
      if (!added) throw Errors.conflictCoded('user_id', E.adaptEmployeeTwice);
      const stepRows = await this.repo.steps(tx, t.id);
      await this.repo.progressInsert(
        tx,
        stepRows.map((s) => ({ clientId: c.clientId, adaptationId: id, stepId: s.id, opensOn: addDays(body.start_date, s.days) })),
      );
      const a = (await this.repo.adaptationFind(tx, id))!;
      await this.outbox.add(tx, adaptationEvents.started, c.clientId, {
        adaptationId: id,
        trackId: t.id,
        trackName: t.name,
        userId: a.userId,
        mentorId: a.mentorId,
        hrId: a.hrId,
        chiefId: a.chiefId,
        startDate: a.startDate,
        by: c.userId,
        userIds: peopleOf(a),
      });
      await this.jobs.openIn(tx, c.clientId, id);
      return this.full(tx, (await this.repo.adaptationFind(tx, id))!, c.userId);
    });
  }

  /** GET api/adaptation/list_for/{user_id}?role: the person's adaptations with their roles. Errors: 403 someone else's (not HR); 404 a person not of the client. */
  async adaptationListFor({ params, query }: In<'adaptationListFor'>, ctx: RequestContext) {
    const c = requireCaller(ctx);
    if (!canListFor(params.user_id, c)) throw Errors.noAccess();
    // Someone else's list: that person must be of the caller's client (another client's id is not found here).
    if (params.user_id !== c.userId && !(await this.people.usersByIds(c.clientId, [params.user_id])).has(params.user_id)) throw Errors.notFound();
    const w = pageWindow(query.page, query.limit, 100);
    return this.db.inTenant(ctx, async (tx) => {
      const { rows, total } = await this.repo.adaptationsFor(tx, params.user_id, { role: query.role, ...w });
      return { items: rows.map((a) => ({ ...adaptationOut(a), roles: rolesIn(a, params.user_id) })), total };
    });
  }

  /** DELETE api/adaptation/{track}/{user_track}: takes the newcomer off the track. Errors: 404. */
  async adaptationRemove({ params }: In<'adaptationRemove'>, ctx: RequestContext) {
    const c = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const a = await this.repo.adaptationFind(tx, params.user_track, true);
      if (!a || a.trackId !== params.track) throw Errors.notFound();
      await this.repo.adaptationDelete(tx, a.id);
      await this.outbox.add(tx, adaptationEvents.removed, c.clientId, { adaptationId: a.id, trackId: a.trackId, userId: a.userId, userIds: peopleOf(a) });
      return { _id: a.id };
    });
  }

  /** GET api/adaptation/on_track/{id}: the journey (participants, HR). Errors: 404. */
  async adaptationOnTrack({ params }: In<'adaptationOnTrack'>, ctx: RequestContext) {
    const c = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => this.full(tx, await this.visible(tx, params.id, c), c.userId));
  }

  /** GET api/adaptation/on/{adapt_id}/as/{role}: that role's scenario. Errors: 404; 403 another role's view. */
  async adaptationAs({ params }: In<'adaptationAs'>, ctx: RequestContext) {
    const c = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const a = await this.visible(tx, params.adapt_id, c);
      if (!canViewAs(a, params.role, c)) throw Errors.noAccess();
      return this.full(tx, a, c.userId, params.role);
    });
  }

  /**
   * POST api/adaptation/{user_track}/finish/{step_id}: the person of the step's scenario (HR for any) finishes an open
   * step; a reward step's event carries its coins (the shop accrues them once). Poll, article and course steps are
   * finished by their action (HR may still finish them). Errors: 404; 403 adaptStepNotYours; 409 adaptStepNotOpen,
   * adaptStepDone, adaptFinished, adaptStepByAction.
   */
  async stepFinish({ params }: In<'stepFinish'>, ctx: RequestContext) {
    const c = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const a = await this.visible(tx, params.user_track, c, true);
      const step = (await this.repo.steps(tx, a.trackId)).find((s) => s.id === params.step_id);
      const p = (await this.repo.progressOf(tx, a.id)).find((x) => x.stepId === params.step_id);
      if (!step || !p) throw Errors.notFound();
      if (!canFinish(a, step.scenario as AdaptRole, c)) throw refuse(E.adaptStepNotYours);
      if (a.state !== 'active') throw refuse(E.adaptFinished);
      if (p.status === 'pending') throw refuse(E.adaptStepNotOpen);
      if (p.status === 'done') throw refuse(E.adaptStepDone);
      if (['poll', 'article', 'course'].includes(step.type) && !isHr(c)) throw refuse(E.adaptStepByAction);
      await this.finishIn(tx, a, params.step_id, c.userId);
      return this.full(tx, (await this.repo.adaptationFind(tx, a.id))!, c.userId);
    });
  }

  /** Finishes one open step in `tx` (its event; the adaptation's when it was the last). Output: whether it changed. */
  private async finishIn(tx: Tx, a: AdaptationWithCounts, stepId: string, by: string | null): Promise<boolean> {
    const now = new Date();
    if (!(await this.repo.finish(tx, a.id, stepId, by, now))) return false;
    const step = (await this.repo.steps(tx, a.trackId)).find((s) => s.id === stepId)!;
    const userIds = peopleOf(a);
    await this.outbox.add(tx, adaptationEvents.stepFinished, a.clientId, {
      adaptationId: a.id,
      trackId: a.trackId,
      userId: a.userId,
      userIds,
      stepId,
      stepName: step.name,
      type: step.type as StepType,
      coins: step.type === 'reward' ? step.coins : null,
      by,
    });
    const after = (await this.repo.adaptationFind(tx, a.id))!;
    if (after.total > 0 && after.done === after.total) {
      await this.repo.adaptationUpdate(tx, a.id, { state: 'finished', finishedAt: now });
      await this.outbox.add(tx, adaptationEvents.finished, a.clientId, {
        adaptationId: a.id,
        trackId: a.trackId,
        trackName: a.trackName,
        userId: a.userId,
        userIds,
      });
    }
    return true;
  }

  /** Reopens steps (done → open) in `tx`; a finished adaptation runs again. */
  private async reopenIn(tx: Tx, a: AdaptationWithCounts, stepIds: string[], by: string) {
    const reopened = await this.repo.reopen(tx, a.id, stepIds);
    if (reopened.length && a.state !== 'active') await this.repo.adaptationUpdate(tx, a.id, { state: 'active', finishedAt: null, passedAt: null });
    for (const stepId of reopened)
      await this.outbox.add(tx, adaptationEvents.stepReopened, a.clientId, {
        adaptationId: a.id,
        trackId: a.trackId,
        userId: a.userId,
        userIds: peopleOf(a),
        stepId,
        by,
      });
    return reopened;
  }

  /** POST api/adaptation/{id}/unfinish (HR): the last finished step opens again. Errors: 404; 409 adaptNothingToUnfinish. */
  async adaptationUnfinish({ params }: In<'adaptationUnfinish'>, ctx: RequestContext) {
    const c = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const a = await this.visible(tx, params.id, c, true);
      const last = (await this.repo.progressOf(tx, a.id))
        .filter((p) => p.status === 'done')
        .sort((x, y) => (y.finishedAt?.getTime() ?? 0) - (x.finishedAt?.getTime() ?? 0))[0];
      if (!last) throw refuse(E.adaptNothingToUnfinish);
      await this.reopenIn(tx, a, [last.stepId], c.userId);
      return this.full(tx, (await this.repo.adaptationFind(tx, a.id))!, c.userId);
    });
  }

  /**
   * POST api/adaptation/{track_id}/resume/{step_id} (HR; {track_id} is the adaptation): the step and the later
   * finished steps of its scenario open again. Errors: 404.
   */
  async adaptationResume({ params }: In<'adaptationResume'>, ctx: RequestContext) {
    const c = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const a = await this.visible(tx, params.track_id, c, true);
      const stageOrd = new Map((await this.repo.stages(tx, a.trackId)).map((s) => [s.id, s.ord]));
      const stepRows = await this.repo.steps(tx, a.trackId);
      const at = stepRows.find((s) => s.id === params.step_id);
      if (!at) throw Errors.notFound();
      const key = (s: (typeof stepRows)[number]) => [stageOrd.get(s.stageId) ?? 0, s.ord] as const;
      const [so, o] = key(at);
      const later = stepRows.filter((s) => s.scenario === at.scenario && (key(s)[0] > so || (key(s)[0] === so && key(s)[1] >= o))).map((s) => s.id);
      await this.reopenIn(tx, a, later, c.userId);
      return this.full(tx, (await this.repo.adaptationFind(tx, a.id))!, c.userId);
    });
  }

  /** POST api/adaptation/{id}/probation (HR, the chief): probation passed. Errors: 404; 403; 409 adaptNotFinished, adaptProbationPassed. */
  async adaptationProbation({ params }: In<'adaptationProbation'>, ctx: RequestContext) {
    const c = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const a = await this.visible(tx, params.id, c, true);
      if (!canPassProbation(a, c)) throw Errors.noAccess();
      if (a.state === 'passed') throw refuse(E.adaptProbationPassed);
      if (a.state !== 'finished') throw refuse(E.adaptNotFinished);
      await this.repo.adaptationUpdate(tx, a.id, { state: 'passed', passedAt: new Date() });
      await this.outbox.add(tx, adaptationEvents.probationPassed, c.clientId, {
        adaptationId: a.id,
        trackId: a.trackId,
        trackName: a.trackName,
        userId: a.userId,
        userIds: peopleOf(a),
        by: c.userId,
      });
      return this.full(tx, (await this.repo.adaptationFind(tx, a.id))!, c.userId);
    });
  }

  /**
   * Another domain's event: `userId` answered poll / read article / learned course `refId` — the newcomer's open steps
   * pointing to it are finished (once: a redelivered event finds them done). Output: how many finished.
   */
  async completeByRef(clientId: string, userId: string, kind: RefKind, refId: string): Promise<number> {
    return this.db.inTenant({ clientId, userId: null }, async (tx) => {
      let n = 0;
      for (const r of await this.repo.openStepsOf(tx, userId, kind, refId)) {
        const a = await this.repo.adaptationFind(tx, r.adaptation_id, true);
        if (a && a.state === 'active' && (await this.finishIn(tx, a, r.step_id, userId))) n++;
      }
      return n;
    });
  }

  /** Another domain deleted a poll, article or course: the steps pointing to it make their tracks contain errors. */
  async refDeleted(clientId: string, kind: RefKind, refId: string): Promise<void> {
    const code = { poll: TRACK_PROBLEMS.adaptPollDeleted, article: TRACK_PROBLEMS.adaptArticleDeleted, course: TRACK_PROBLEMS.adaptCourseDeleted }[kind].code;
    await this.db.inTenant({ clientId, userId: null }, async (tx) => {
      for (const trackId of await this.repo.markProblem(tx, kind, refId, code))
        await this.outbox.add(tx, adaptationEvents.trackChanged, clientId, { trackId, userIds: [] });
    });
  }
}
