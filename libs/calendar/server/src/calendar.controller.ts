import { Controller } from '@nestjs/common';
import { calendarRoutes } from '@intranet/calendar-contract';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler } from '@intranet/platform-host';
import { CalendarService } from './calendar.service.ts';
import { FeedsService } from './feeds.service.ts';
import { SeriesService } from './series.service.ts';

type In<K extends keyof typeof calendarRoutes> = RouteInput<(typeof calendarRoutes)[K]>;

/** The calendar routes (§7 Events): one method per contract route, named as its key, delegating to a service. */
@Controller()
export class CalendarController {
  constructor(
    private readonly events: CalendarService,
    private readonly series: SeriesService,
    private readonly feeds: FeedsService,
  ) {}

  @RouteHandler(calendarRoutes.byClient)
  byClient(input: In<'byClient'>, ctx: RequestContext) {
    return this.events.byClient(input, ctx);
  }

  @RouteHandler(calendarRoutes.accessFor)
  accessFor(input: In<'accessFor'>, ctx: RequestContext) {
    return this.events.accessFor(input, ctx);
  }

  @RouteHandler(calendarRoutes.create)
  create(input: In<'create'>, ctx: RequestContext) {
    return this.events.create(input.body, ctx);
  }

  @RouteHandler(calendarRoutes.createPeriodic)
  createPeriodic(input: In<'createPeriodic'>, ctx: RequestContext) {
    return this.events.create(input.body, ctx);
  }

  @RouteHandler(calendarRoutes.update)
  update(input: In<'update'>, ctx: RequestContext) {
    return this.events.update(input, ctx);
  }

  @RouteHandler(calendarRoutes.updatePeriodic)
  updatePeriodic(input: In<'updatePeriodic'>, ctx: RequestContext) {
    return this.series.updatePeriodic(input, ctx);
  }

  @RouteHandler(calendarRoutes.remove)
  remove(input: In<'remove'>, ctx: RequestContext) {
    return this.events.remove(input, ctx);
  }

  @RouteHandler(calendarRoutes.removePeriodic)
  removePeriodic(input: In<'removePeriodic'>, ctx: RequestContext) {
    return this.series.removePeriodic(input, ctx);
  }

  @RouteHandler(calendarRoutes.get)
  get(input: In<'get'>, ctx: RequestContext) {
    return this.events.get(input, ctx);
  }

  @RouteHandler(calendarRoutes.ics)
  ics(input: In<'ics'>, ctx: RequestContext) {
    return this.feeds.ics(input, ctx);
  }

  @RouteHandler(calendarRoutes.feedGet)
  feedGet(input: In<'feedGet'>, ctx: RequestContext) {
    return this.feeds.feedGet(input, ctx);
  }

  @RouteHandler(calendarRoutes.feedIssue)
  feedIssue(input: In<'feedIssue'>, ctx: RequestContext) {
    return this.feeds.feedIssue(input, ctx);
  }

  @RouteHandler(calendarRoutes.feedRevoke)
  feedRevoke(input: In<'feedRevoke'>, ctx: RequestContext) {
    return this.feeds.feedRevoke(input, ctx);
  }

  @RouteHandler(calendarRoutes.feed)
  feed(input: In<'feed'>) {
    return this.feeds.feed(input);
  }
}
