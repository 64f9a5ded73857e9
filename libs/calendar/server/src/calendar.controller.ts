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

  @RouteHandler(calendarRoutes.eventByClient)
  byClient(input: In<'eventByClient'>, ctx: RequestContext) {
    return this.events.byClient(input, ctx);
  }

  @RouteHandler(calendarRoutes.eventAccessFor)
  accessFor(input: In<'eventAccessFor'>, ctx: RequestContext) {
    return this.events.accessFor(input, ctx);
  }

  @RouteHandler(calendarRoutes.eventCreate)
  create(input: In<'eventCreate'>, ctx: RequestContext) {
    return this.events.create(input.body, ctx);
  }

  @RouteHandler(calendarRoutes.eventCreatePeriodic)
  createPeriodic(input: In<'eventCreatePeriodic'>, ctx: RequestContext) {
    return this.events.create(input.body, ctx);
  }

  @RouteHandler(calendarRoutes.eventUpdate)
  update(input: In<'eventUpdate'>, ctx: RequestContext) {
    return this.events.update(input, ctx);
  }

  @RouteHandler(calendarRoutes.eventUpdatePeriodic)
  updatePeriodic(input: In<'eventUpdatePeriodic'>, ctx: RequestContext) {
    return this.series.updatePeriodic(input, ctx);
  }

  @RouteHandler(calendarRoutes.eventRemove)
  remove(input: In<'eventRemove'>, ctx: RequestContext) {
    return this.events.remove(input, ctx);
  }

  @RouteHandler(calendarRoutes.eventRemovePeriodic)
  removePeriodic(input: In<'eventRemovePeriodic'>, ctx: RequestContext) {
    return this.series.removePeriodic(input, ctx);
  }

  @RouteHandler(calendarRoutes.eventGet)
  get(input: In<'eventGet'>, ctx: RequestContext) {
    return this.events.get(input, ctx);
  }

  @RouteHandler(calendarRoutes.eventIcs)
  ics(input: In<'eventIcs'>, ctx: RequestContext) {
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

  @RouteHandler(calendarRoutes.feedIcs)
  feed(input: In<'feedIcs'>) {
    return this.feeds.feed(input);
  }
}
