import { Controller } from '@nestjs/common';
import { adaptationRoutes as R } from '@intranet/adaptation-contract';
import type { RequestContext, RouteHandlers } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler } from '@intranet/platform-host';
import { AdaptationsService } from './adaptations.service.ts';
import { TracksService } from './tracks.service.ts';

type In<K extends keyof typeof R> = RouteInput<(typeof R)[K]>;

/**
 * The §7 Adaptation routes and the generic module calls of module `track`: one method per route of
 * `adaptationRoutes`, named as its key and bound to its bus subject by `@RouteHandler`. Each method only delegates.
 */
@Controller()
export class AdaptationController implements RouteHandlers<typeof R> {
  constructor(
    private readonly tracks: TracksService,
    private readonly adaptations: AdaptationsService,
  ) {}

  /** adaptation.track.list — GET api/track. */
  @RouteHandler(R.trackList)
  trackList(input: In<'trackList'>, ctx: RequestContext) {
    return this.tracks.trackList(input, ctx);
  }

  /** adaptation.track.get — GET api/track/{id}. */
  @RouteHandler(R.trackGet)
  trackGet(input: In<'trackGet'>, ctx: RequestContext) {
    return this.tracks.trackGet(input, ctx);
  }

  /** adaptation.track.create — POST api/track. */
  @RouteHandler(R.trackCreate)
  trackCreate(input: In<'trackCreate'>, ctx: RequestContext) {
    return this.tracks.trackCreate(input, ctx);
  }

  /** adaptation.track.update — PUT api/track/{id}. */
  @RouteHandler(R.trackUpdate)
  trackUpdate(input: In<'trackUpdate'>, ctx: RequestContext) {
    return this.tracks.trackUpdate(input, ctx);
  }

  /** adaptation.stage.create — POST api/adaptation/track/{track}/stage. */
  @RouteHandler(R.stageCreate)
  stageCreate(input: In<'stageCreate'>, ctx: RequestContext) {
    return this.tracks.stageCreate(input, ctx);
  }

  /** adaptation.stage.update — PUT api/adaptation/track/{track}/stage. */
  @RouteHandler(R.stageUpdate)
  stageUpdate(input: In<'stageUpdate'>, ctx: RequestContext) {
    return this.tracks.stageUpdate(input, ctx);
  }

  /** adaptation.stage.delete — DELETE api/adaptation/track/{track}/stage. */
  @RouteHandler(R.stageDelete)
  stageDelete(input: In<'stageDelete'>, ctx: RequestContext) {
    return this.tracks.stageDelete(input, ctx);
  }

  /** adaptation.step.create — POST api/adaptation/track/{track}/step. */
  @RouteHandler(R.stepCreate)
  stepCreate(input: In<'stepCreate'>, ctx: RequestContext) {
    return this.tracks.stepCreate(input, ctx);
  }

  /** adaptation.step.update — PUT api/adaptation/track/{track}/step. */
  @RouteHandler(R.stepUpdate)
  stepUpdate(input: In<'stepUpdate'>, ctx: RequestContext) {
    return this.tracks.stepUpdate(input, ctx);
  }

  /** adaptation.step.delete — DELETE api/adaptation/track/{track}/step. */
  @RouteHandler(R.stepDelete)
  stepDelete(input: In<'stepDelete'>, ctx: RequestContext) {
    return this.tracks.stepDelete(input, ctx);
  }

  /** adaptation.scenario.steps — PUT api/adaptation/track/{track_id}/{scenario}/{stage_id}/steps. */
  @RouteHandler(R.scenarioSteps)
  scenarioSteps(input: In<'scenarioSteps'>, ctx: RequestContext) {
    return this.tracks.scenarioSteps(input, ctx);
  }

  /** adaptation.track.members — GET api/adaptation/track/{id}/members. */
  @RouteHandler(R.trackMembers)
  trackMembers(input: In<'trackMembers'>, ctx: RequestContext) {
    return this.tracks.trackMembers(input, ctx);
  }

  /** adaptation.track.analytics — GET api/adaptation/track/{id}/analytics. */
  @RouteHandler(R.trackAnalytics)
  trackAnalytics(input: In<'trackAnalytics'>, ctx: RequestContext) {
    return this.tracks.trackAnalytics(input, ctx);
  }

  /** adaptation.track.active — PUT api/adaptation/active. */
  @RouteHandler(R.trackActive)
  trackActive(input: In<'trackActive'>, ctx: RequestContext) {
    return this.tracks.trackActive(input, ctx);
  }

  /** adaptation.track.copy — POST api/adaptation/copy/{id}. */
  @RouteHandler(R.trackCopy)
  trackCopy(input: In<'trackCopy'>, ctx: RequestContext) {
    return this.tracks.trackCopy(input, ctx);
  }

  /** adaptation.track.delete — POST api/adaptation/delete/{id}. */
  @RouteHandler(R.trackDelete)
  trackDelete(input: In<'trackDelete'>, ctx: RequestContext) {
    return this.tracks.trackDelete(input, ctx);
  }

  /** adaptation.user.add — POST api/adaptation/add_user. */
  @RouteHandler(R.userAdd)
  userAdd(input: In<'userAdd'>, ctx: RequestContext) {
    return this.adaptations.userAdd(input, ctx);
  }

  /** adaptation.adaptation.listFor — GET api/adaptation/list_for/{user_id}. */
  @RouteHandler(R.adaptationListFor)
  adaptationListFor(input: In<'adaptationListFor'>, ctx: RequestContext) {
    return this.adaptations.adaptationListFor(input, ctx);
  }

  /** adaptation.adaptation.remove — DELETE api/adaptation/{track}/{user_track}. */
  @RouteHandler(R.adaptationRemove)
  adaptationRemove(input: In<'adaptationRemove'>, ctx: RequestContext) {
    return this.adaptations.adaptationRemove(input, ctx);
  }

  /** adaptation.adaptation.onTrack — GET api/adaptation/on_track/{id}. */
  @RouteHandler(R.adaptationOnTrack)
  adaptationOnTrack(input: In<'adaptationOnTrack'>, ctx: RequestContext) {
    return this.adaptations.adaptationOnTrack(input, ctx);
  }

  /** adaptation.adaptation.as — GET api/adaptation/on/{adapt_id}/as/{role}. */
  @RouteHandler(R.adaptationAs)
  adaptationAs(input: In<'adaptationAs'>, ctx: RequestContext) {
    return this.adaptations.adaptationAs(input, ctx);
  }

  /** adaptation.step.finish — POST api/adaptation/{user_track}/finish/{step_id}. */
  @RouteHandler(R.stepFinish)
  stepFinish(input: In<'stepFinish'>, ctx: RequestContext) {
    return this.adaptations.stepFinish(input, ctx);
  }

  /** adaptation.adaptation.unfinish — POST api/adaptation/{id}/unfinish. */
  @RouteHandler(R.adaptationUnfinish)
  adaptationUnfinish(input: In<'adaptationUnfinish'>, ctx: RequestContext) {
    return this.adaptations.adaptationUnfinish(input, ctx);
  }

  /** adaptation.adaptation.resume — POST api/adaptation/{track_id}/resume/{step_id}. */
  @RouteHandler(R.adaptationResume)
  adaptationResume(input: In<'adaptationResume'>, ctx: RequestContext) {
    return this.adaptations.adaptationResume(input, ctx);
  }

  /** adaptation.step.del — POST api/adaptation/{track_id}/del/{step_id}. */
  @RouteHandler(R.stepDel)
  stepDel(input: In<'stepDel'>, ctx: RequestContext) {
    return this.tracks.stepDel(input, ctx);
  }

  /** adaptation.adaptation.probation — POST api/adaptation/{id}/probation. */
  @RouteHandler(R.adaptationProbation)
  adaptationProbation(input: In<'adaptationProbation'>, ctx: RequestContext) {
    return this.adaptations.adaptationProbation(input, ctx);
  }

  /** adaptation.settings.get — GET api/adaptation/{client_id}/settings. */
  @RouteHandler(R.settingsGet)
  settingsGet(input: In<'settingsGet'>, ctx: RequestContext) {
    return this.tracks.settingsGet(input, ctx);
  }

  /** adaptation.settings.save — POST api/adaptation/{client_id}/settings. */
  @RouteHandler(R.settingsSave)
  settingsSave(input: In<'settingsSave'>, ctx: RequestContext) {
    return this.tracks.settingsSave(input, ctx);
  }
}
