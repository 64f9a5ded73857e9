import { Controller } from '@nestjs/common';
import { pollsRoutes } from '@intranet/polls-contract';
import type { RequestContext, RouteHandlers } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler } from '@intranet/platform-host';
import { AnswersService } from './answers.service.ts';
import { PollsService } from './polls.service.ts';
import { ResultsService } from './results.service.ts';

/**
 * The §7 Polls routes: one method per route of `pollsRoutes`, named as its key and bound to its bus subject by
 * `@RouteHandler` (input validated by the contract before, result parsed by it after). `implements RouteHandlers`
 * makes the compiler refuse a route without its method. Each method only delegates to a service.
 */
@Controller()
export class PollsController implements RouteHandlers<typeof pollsRoutes> {
  constructor(
    private readonly pollsService: PollsService,
    private readonly answersService: AnswersService,
    private readonly resultsService: ResultsService,
  ) {}

  /** polls.poll.accessFor — GET api/user/{clientId}/polls/access_for/{userId}. */
  @RouteHandler(pollsRoutes.accessFor)
  accessFor(input: RouteInput<typeof pollsRoutes.accessFor>, ctx: RequestContext) {
    return this.pollsService.accessFor(input, ctx);
  }

  /** polls.poll.get — GET api/poll/{id}. */
  @RouteHandler(pollsRoutes.get)
  get(input: RouteInput<typeof pollsRoutes.get>, ctx: RequestContext) {
    return this.pollsService.get(input, ctx);
  }

  /** polls.poll.create — POST api/poll. */
  @RouteHandler(pollsRoutes.create)
  create(input: RouteInput<typeof pollsRoutes.create>, ctx: RequestContext) {
    return this.pollsService.create(input, ctx);
  }

  /** polls.poll.update — PUT api/poll/{_id}. */
  @RouteHandler(pollsRoutes.update)
  update(input: RouteInput<typeof pollsRoutes.update>, ctx: RequestContext) {
    return this.pollsService.update(input, ctx);
  }

  /** polls.poll.finish — PUT api/poll/{_id}/finish. */
  @RouteHandler(pollsRoutes.finish)
  finish(input: RouteInput<typeof pollsRoutes.finish>, ctx: RequestContext) {
    return this.pollsService.finish(input, ctx);
  }

  /** polls.poll.answer — POST api/poll/{_id}/answer. */
  @RouteHandler(pollsRoutes.answer)
  answer(input: RouteInput<typeof pollsRoutes.answer>, ctx: RequestContext) {
    return this.answersService.answer(input, ctx);
  }

  /** polls.poll.results — GET api/poll/{id}/results. */
  @RouteHandler(pollsRoutes.results)
  results(input: RouteInput<typeof pollsRoutes.results>, ctx: RequestContext) {
    return this.resultsService.results(input, ctx);
  }

  /** polls.poll.remind — POST api/poll/{_id}/remind. */
  @RouteHandler(pollsRoutes.remind)
  remind(input: RouteInput<typeof pollsRoutes.remind>, ctx: RequestContext) {
    return this.pollsService.remind(input, ctx);
  }

  /** polls.poll.delete — DELETE api/poll/{id}. */
  @RouteHandler(pollsRoutes.remove)
  remove(input: RouteInput<typeof pollsRoutes.remove>, ctx: RequestContext) {
    return this.pollsService.remove(input, ctx);
  }

  /** polls.poll.excel — GET api/poll/{poll_id}/excel. */
  @RouteHandler(pollsRoutes.excel)
  excel(input: RouteInput<typeof pollsRoutes.excel>, ctx: RequestContext) {
    return this.resultsService.excel(input, ctx);
  }
}
