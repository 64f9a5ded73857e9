import { Inject, Injectable } from '@nestjs/common';
import { ADAPT_ERRORS as E, adaptationEvents, type adaptationRoutes, type AdaptRole } from '@intranet/adaptation-contract';
import { requireCaller, type RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { pageWindow, uuidv7, type Database, type Tx } from '@intranet/platform-db';
import { Errors, fieldOf } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { isHr } from './access.ts';
import { AdaptationRepository } from './adaptation.repository.ts';
import { AdaptationJobs } from './jobs.ts';
import { adaptationOut, problemsOf, trackListOut, trackOut } from './mapping.ts';
import { refuse } from './refuse.ts';
import { addDays, localParts } from './schedule.ts';
import type { StepRow, TrackRow } from './schema.ts';

type In<K extends keyof typeof adaptationRoutes> = RouteInput<(typeof adaptationRoutes)[K]>;
type StepInput = In<'stepCreate'>['body'];

/**
 * The §5 rules of a step against the other steps of its track: one reward per scenario and day, a poll once per
 * track, no two steps of one scenario with the same name on the same day. Output: the field errors (none: fine).
 */
export function stepClashes(s: StepInput, others: StepRow[]) {
  const out = [];
  const same = others.filter((o) => o.scenario === s.scenario);
  if (s.type === 'reward' && same.some((o) => o.type === 'reward' && o.days === s.days)) out.push(fieldOf('days', E.adaptDuplicateReward, { days: s.days }));
  if (s.type === 'poll' && others.some((o) => o.pollId === s.poll_id)) out.push(fieldOf('poll_id', E.adaptDuplicatePoll));
  if (same.some((o) => o.days === s.days && o.name.toLowerCase() === s.name.toLowerCase())) out.push(fieldOf('name', E.adaptDuplicateDay, { days: s.days }));
  return out;
}

/** The id fields of a step naming another domain's object, with its kind and the error of an unknown one. */
const REF_FIELDS = [
  { field: 'article_id', column: 'articleId', kind: 'article', error: E.adaptArticleNotFound },
  { field: 'poll_id', column: 'pollId', kind: 'poll', error: E.adaptPollNotFound },
  { field: 'course_id', column: 'courseId', kind: 'course', error: E.adaptCourseNotFound },
] as const;

/** The stored columns of a step's input (only the fields of its kind). */
function stepColumns(s: StepInput) {
  return {
    stageId: s.stage_id,
    scenario: s.scenario,
    type: s.type,
    name: s.name,
    description: s.description,
    days: s.days,
    coins: s.type === 'reward' ? (s.coins ?? null) : null,
    articleId: s.type === 'article' ? (s.article_id ?? null) : null,
    linkTitle: s.type === 'link' ? (s.link_title ?? null) : null,
    url: s.type === 'link' ? (s.url ?? null) : null,
    pollId: s.type === 'poll' ? (s.poll_id ?? null) : null,
    courseId: s.type === 'course' ? (s.course_id ?? null) : null,
    notify: s.notify ?? [s.scenario as AdaptRole],
    problem: null,
  };
}

/**
 * Tracks, their stages and steps, the settings and the track analytics (§7 Adaptation, module `track`). HR only
 * (the routes' `adaptation` right); every change is one tenant transaction under the track's row lock.
 */
@Injectable()
export class TracksService {
  constructor(
    private readonly repo: AdaptationRepository,
    private readonly jobs: AdaptationJobs,
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
  ) {}

  /** The whole track as the API returns it. */
  async load(tx: Tx, t: TrackRow) {
    const counts = (await this.repo.trackCounts(tx, [t.id])).get(t.id)!;
    return trackOut(t, counts, await this.repo.stages(tx, t.id), await this.repo.steps(tx, t.id));
  }

  /** The track (locked for the change) or 404. */
  private async track(tx: Tx, id: string, lock = true) {
    const t = await this.repo.trackFind(tx, id, lock);
    if (!t) throw Errors.notFound();
    return t;
  }

  /** Runs a change of track `id` and answers the track; tells the client's HR screens. */
  private change(ctx: RequestContext, id: string, fn: (tx: Tx, t: TrackRow, clientId: string) => Promise<void>) {
    const { clientId, userId } = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const t = await this.track(tx, id);
      await fn(tx, t, clientId);
      await this.outbox.add(tx, adaptationEvents.trackChanged, clientId, { trackId: t.id, userIds: [userId] });
      return this.load(tx, (await this.repo.trackFind(tx, t.id))!);
    });
  }

  /** GET api/track: a page of tracks with state and counts. */
  async trackList({ query }: In<'trackList'>, ctx: RequestContext) {
    requireCaller(ctx);
    const w = pageWindow(query.page, query.limit, 100);
    return this.db.inTenant(ctx, async (tx) => {
      const { rows, total } = await this.repo.trackPage(tx, {
        search: query.search,
        active: query.active === undefined ? undefined : query.active === '1',
        ...w,
      });
      const counts = await this.repo.trackCounts(
        tx,
        rows.map((r) => r.id),
      );
      return { items: rows.map((r) => trackListOut(r, counts.get(r.id)!)), total };
    });
  }

  /** GET api/track/{id}. Errors: 404. */
  trackGet({ params }: In<'trackGet'>, ctx: RequestContext) {
    requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => this.load(tx, await this.track(tx, params.id, false)));
  }

  /** POST api/track {name, description}: a new track, not running. */
  trackCreate({ body }: In<'trackCreate'>, ctx: RequestContext) {
    const { clientId, userId } = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const t = await this.repo.trackInsert(tx, { id: uuidv7(), clientId, name: body.name, description: body.description, createdBy: userId });
      await this.outbox.add(tx, adaptationEvents.trackChanged, clientId, { trackId: t.id, userIds: [userId] });
      return this.load(tx, t);
    });
  }

  /** PUT api/track/{id} {name?, description?}. Errors: 404. */
  trackUpdate({ params, body }: In<'trackUpdate'>, ctx: RequestContext) {
    return this.change(ctx, params.id, async (tx, t) => {
      await this.repo.trackUpdate(tx, t.id, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
      });
    });
  }

  /** POST api/adaptation/track/{track}/stage {name}: a stage at the end. */
  stageCreate({ params, body }: In<'stageCreate'>, ctx: RequestContext) {
    return this.change(ctx, params.track, async (tx, t, clientId) => {
      const list = await this.repo.stages(tx, t.id);
      await this.repo.stageInsert(tx, {
        id: uuidv7(),
        clientId,
        trackId: t.id,
        name: body.name,
        ord: list.length ? Math.max(...list.map((s) => s.ord)) + 1 : 0,
      });
    });
  }

  /**
   * PUT api/adaptation/track/{track}/stage {_id, name} and/or {stages}: rename a stage, reorder the track's stages
   * (each of them once, in the new order), both in the one transaction. Errors: 404 the renamed stage is not the
   * track's; 400 adaptStagesMismatch on field `stages`: the order names another track's stage, one twice or leaves one out.
   */
  stageUpdate({ params, body }: In<'stageUpdate'>, ctx: RequestContext) {
    return this.change(ctx, params.track, async (tx, t) => {
      const own = (await this.repo.stages(tx, t.id)).map((s) => s.id);
      if (body._id !== undefined) {
        if (!own.includes(body._id)) throw Errors.notFound();
        await this.repo.stageRename(tx, body._id, body.name!);
      }
      if (body.stages !== undefined) {
        const named = new Set(body.stages);
        if (named.size !== body.stages.length || named.size !== own.length || own.some((id) => !named.has(id)))
          throw Errors.fieldCoded('stages', E.adaptStagesMismatch);
        await this.repo.stagesOrder(tx, t.id, body.stages);
      }
    });
  }

  /** DELETE api/adaptation/track/{track}/stage {_id}: with its steps. Errors: 404; 409 adaptStepInProgress. */
  stageDelete({ params, body }: In<'stageDelete'>, ctx: RequestContext) {
    return this.change(ctx, params.track, async (tx, t) => {
      if (!(await this.repo.stages(tx, t.id)).some((s) => s.id === body._id)) throw Errors.notFound();
      const ids = (await this.repo.steps(tx, t.id)).filter((s) => s.stageId === body._id).map((s) => s.id);
      if (await this.repo.inProgress(tx, ids)) throw refuse(E.adaptStepInProgress);
      await this.repo.stageDelete(tx, body._id);
      await this.afterStepsChanged(tx, t);
    });
  }

  /**
   * POST api/adaptation/track/{track}/step: a step at the end of its stage and scenario; the running adaptations get
   * it (opening on start + days; when already due, by the opening jobs queued here). Errors: 404; 400 the §5
   * clashes; 400 unknown stage; 400 an article, poll or course not of the caller's client (adapt*NotFound).
   */
  stepCreate({ params, body }: In<'stepCreate'>, ctx: RequestContext) {
    return this.change(ctx, params.track, async (tx, t, clientId) => {
      const others = await this.checkStep(tx, t, body, null);
      const id = uuidv7();
      const ord = Math.max(-1, ...others.filter((o) => o.stageId === body.stage_id && o.scenario === body.scenario).map((o) => o.ord)) + 1;
      await this.repo.stepInsert(tx, { id, clientId, trackId: t.id, ord, ...stepColumns(body) });
      const active = await this.repo.activeOfTrack(tx, t.id);
      await this.repo.progressInsert(
        tx,
        active.map((a) => ({ clientId, adaptationId: a.id, stepId: id, opensOn: addDays(a.startDate, body.days) })),
      );
      await this.afterStepsChanged(tx, t);
    });
  }

  /**
   * PUT api/adaptation/track/{track}/step {_id, ...}: the pending openings move with its days. Errors: 404; 400 §5;
   * 400 an article, poll or course not of the caller's client.
   */
  stepUpdate({ params, body }: In<'stepUpdate'>, ctx: RequestContext) {
    return this.change(ctx, params.track, async (tx, t) => {
      const { _id, ...s } = body;
      const all = await this.repo.steps(tx, t.id);
      const old = all.find((o) => o.id === _id);
      if (!old) throw Errors.notFound();
      await this.checkStep(tx, t, s, old);
      const cols = stepColumns(s);
      const ord =
        old.stageId === s.stage_id && old.scenario === s.scenario
          ? old.ord
          : Math.max(-1, ...all.filter((o) => o.stageId === s.stage_id && o.scenario === s.scenario).map((o) => o.ord)) + 1;
      await this.repo.stepUpdate(tx, _id, { ...cols, ord });
      if (old.days !== s.days) await this.repo.reschedule(tx, _id, s.days);
      await this.afterStepsChanged(tx, t);
    });
  }

  /** DELETE api/adaptation/track/{track}/step {_id}. Errors: 404; 409 adaptStepInProgress. */
  stepDelete({ params, body }: In<'stepDelete'>, ctx: RequestContext) {
    return this.removeStep(ctx, params.track, body._id);
  }

  /** POST api/adaptation/{track_id}/del/{step_id}: as stepDelete. */
  stepDel({ params }: In<'stepDel'>, ctx: RequestContext) {
    return this.removeStep(ctx, params.track_id, params.step_id);
  }

  private removeStep(ctx: RequestContext, trackId: string, stepId: string) {
    return this.change(ctx, trackId, async (tx, t) => {
      if (!(await this.repo.steps(tx, t.id)).some((s) => s.id === stepId)) throw Errors.notFound();
      if (await this.repo.inProgress(tx, [stepId])) throw refuse(E.adaptStepInProgress);
      await this.repo.stepDelete(tx, [stepId]);
      await this.afterStepsChanged(tx, t);
    });
  }

  /**
   * PUT api/adaptation/track/{track_id}/{scenario}/{stage_id}/steps {steps}: the named steps of the track move into
   * this stage and scenario in this order; the stage's other steps of the scenario must all be named. Errors: 404
   * (the track, the stage or a named step not found); 409 adaptStepsMismatch.
   */
  scenarioSteps({ params, body }: In<'scenarioSteps'>, ctx: RequestContext) {
    return this.change(ctx, params.track_id, async (tx, t) => {
      if (!(await this.repo.stages(tx, t.id)).some((s) => s.id === params.stage_id)) throw Errors.notFound();
      const all = await this.repo.steps(tx, t.id);
      const ids = new Set(all.map((s) => s.id));
      const here = all.filter((s) => s.stageId === params.stage_id && s.scenario === params.scenario).map((s) => s.id);
      const named = new Set(body.steps);
      // A step that is not the track's (another track's, another client's) is not found here.
      if (body.steps.some((id) => !ids.has(id))) throw Errors.notFound();
      if (named.size !== body.steps.length || here.some((id) => !named.has(id))) throw refuse(E.adaptStepsMismatch);
      for (const [i, id] of body.steps.entries()) await this.repo.stepUpdate(tx, id, { stageId: params.stage_id, scenario: params.scenario, ord: i });
    });
  }

  /**
   * Validates a step against its track (stage of the track, §5 clashes) and its references: every article, poll or
   * course id given (whatever the step's kind) must be one of the caller's client, not deleted (RefsProjection).
   * An edited step keeps the id it has unless a deletion marked it (a step saved before the projection knew its
   * object stays editable). Output: the other steps.
   */
  private async checkStep(tx: Tx, t: TrackRow, s: StepInput, old: StepRow | null): Promise<StepRow[]> {
    if (!(await this.repo.stages(tx, t.id)).some((x) => x.id === s.stage_id)) throw Errors.fieldCoded('stage_id', E.adaptStageRequired);
    const kept = (f: (typeof REF_FIELDS)[number]) => !!old && !old.problem && old[f.column] === s[f.field];
    const wanted = REF_FIELDS.filter((f) => s[f.field] && !kept(f)).map((f) => ({ ...f, id: s[f.field]! }));
    const live = await this.repo.refsLive(tx, wanted);
    const unknown = wanted.filter((w) => !live.has(`${w.kind}:${w.id}`)).map((w) => fieldOf(w.field, w.error));
    if (unknown.length) throw Errors.validation(unknown);
    const others = (await this.repo.steps(tx, t.id)).filter((o) => o.id !== old?.id);
    const clashes = stepClashes(s, others);
    if (clashes.length) throw Errors.validation(clashes);
    return others;
  }

  /**
   * After a change of steps or a start: the running adaptations of a running track get one opening job each, due
   * now, queued in `tx` (opening 1,000 adaptations here would outlast the gateway's write time-out); the job workers
   * open what is due.
   */
  private async afterStepsChanged(tx: Tx, t: TrackRow) {
    if (!t.active) return;
    await this.jobs.queueNow(tx, await this.repo.activeOfTrack(tx, t.id));
  }

  /** GET api/adaptation/track/{id}/members: a page of its adaptations. Errors: 404. */
  trackMembers({ params, query }: In<'trackMembers'>, ctx: RequestContext) {
    requireCaller(ctx);
    const w = pageWindow(query.page, query.limit, 100);
    return this.db.inTenant(ctx, async (tx) => {
      await this.track(tx, params.id, false);
      const { rows, total } = await this.repo.adaptationsOfTrack(tx, params.id, { state: query.state, ...w });
      return { items: rows.map(adaptationOut), total };
    });
  }

  /** GET api/adaptation/track/{id}/analytics?dateFrom&dateTo (default: the last 30 days of the client's calendar). */
  trackAnalytics({ params, query }: In<'trackAnalytics'>, ctx: RequestContext) {
    requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      await this.track(tx, params.id, false);
      const s = await this.repo.settings(tx);
      const to = query.dateTo ?? localParts(new Date(), s.timeZone).day;
      let from = query.dateFrom ?? addDays(to, -29);
      if (from > to) throw Errors.field('dateFrom', 'Invalid date', 'invalidDate');
      if (addDays(from, 366) < to) from = addDays(to, -366);
      const r = await this.repo.analytics(tx, params.id, from, to);
      const stepRows = await this.repo.steps(tx, params.id);
      return {
        started: r.counts.started,
        active: r.counts.active,
        finished: r.counts.finished,
        passed: r.counts.passed,
        avgDays: r.counts.avg_days == null ? null : Math.round(Number(r.counts.avg_days) * 10) / 10,
        steps: stepRows.map((x) => ({
          _id: x.id,
          name: x.name,
          scenario: x.scenario as AdaptRole,
          open: r.perStep.get(x.id)?.open ?? 0,
          done: r.perStep.get(x.id)?.done ?? 0,
        })),
        days: r.days,
      };
    });
  }

  /**
   * PUT api/adaptation/active {track_id, active}: start or stop. Starting queues the opening of what is due in its
   * running adaptations (one job each, run right after the commit). Errors: 404; 409 adaptTrackHasErrors (naming
   * them), 409 adaptTrackEmpty.
   */
  trackActive({ body }: In<'trackActive'>, ctx: RequestContext) {
    return this.change(ctx, body.track_id, async (tx, t) => {
      if (body.active && !t.active) {
        const stepRows = await this.repo.steps(tx, t.id);
        const problems = problemsOf(stepRows);
        if (problems.length) throw refuse(E.adaptTrackHasErrors, { errors: problems.map((p) => p.text).join('; ') });
        if (!stepRows.length) throw refuse(E.adaptTrackEmpty);
      }
      await this.repo.trackUpdate(tx, t.id, { active: body.active });
      await this.afterStepsChanged(tx, { ...t, active: body.active });
    });
  }

  /** POST api/adaptation/copy/{id}: the track with its stages and steps, not running, named "<name> (copy)". */
  trackCopy({ params }: In<'trackCopy'>, ctx: RequestContext) {
    const { clientId, userId } = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const t = await this.track(tx, params.id, false);
      const copy = await this.repo.trackInsert(tx, {
        id: uuidv7(),
        clientId,
        name: `${t.name} (copy)`.slice(0, 100),
        description: t.description,
        active: false,
        createdBy: userId,
      });
      const stageIds = new Map<string, string>();
      for (const s of await this.repo.stages(tx, t.id)) {
        stageIds.set(s.id, uuidv7());
        await this.repo.stageInsert(tx, { id: stageIds.get(s.id)!, clientId, trackId: copy.id, name: s.name, ord: s.ord });
      }
      for (const s of await this.repo.steps(tx, t.id)) {
        const { id: _id, trackId: _t, stageId, clientId: _c, ...rest } = s;
        await this.repo.stepInsert(tx, { ...rest, id: uuidv7(), clientId, trackId: copy.id, stageId: stageIds.get(stageId)! });
      }
      await this.outbox.add(tx, adaptationEvents.trackChanged, clientId, { trackId: copy.id, userIds: [userId] });
      return this.load(tx, copy);
    });
  }

  /** POST api/adaptation/delete/{id}: with its finished adaptations. Errors: 404; 409 adaptTrackHasAdaptations. */
  trackDelete({ params }: In<'trackDelete'>, ctx: RequestContext) {
    const { clientId, userId } = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const t = await this.track(tx, params.id);
      if ((await this.repo.unfinishedCount(tx, t.id)) > 0) throw refuse(E.adaptTrackHasAdaptations);
      await this.repo.trackDelete(tx, t.id);
      await this.outbox.add(tx, adaptationEvents.trackChanged, clientId, { trackId: t.id, userIds: [userId] });
      return { _id: t.id };
    });
  }

  /** GET api/adaptation/{client_id}/settings: the caller's client only (another: 403). */
  settingsGet({ params }: In<'settingsGet'>, ctx: RequestContext) {
    const c = requireCaller(ctx);
    if (params.client_id !== c.clientId || !isHr(c)) throw Errors.noAccess();
    return this.db.inTenant(ctx, async (tx) => {
      const s = await this.repo.settings(tx);
      return { time_zone: s.timeZone, open_hour: s.openHour, probation_days: s.probationDays };
    });
  }

  /** POST api/adaptation/{client_id}/settings (admins): changes the given fields. */
  settingsSave({ params, body }: In<'settingsSave'>, ctx: RequestContext) {
    const c = requireCaller(ctx);
    if (params.client_id !== c.clientId) throw Errors.noAccess();
    return this.db.inTenant(ctx, async (tx) => {
      const old = await this.repo.settings(tx);
      const s = await this.repo.settingsSave(tx, {
        clientId: c.clientId,
        id: c.clientId,
        timeZone: body.time_zone ?? old.timeZone,
        openHour: body.open_hour ?? old.openHour,
        probationDays: body.probation_days ?? old.probationDays,
      });
      return { time_zone: s.timeZone, open_hour: s.openHour, probation_days: s.probationDays };
    });
  }
}
