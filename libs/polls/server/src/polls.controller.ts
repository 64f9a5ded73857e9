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
  @RouteHandler(pollsRoutes.pollAccessFor)
  pollAccessFor(input: RouteInput<typeof pollsRoutes.pollAccessFor>, ctx: RequestContext) {
    return this.pollsService.accessFor(input, ctx);
  }

  /** polls.poll.get — GET api/poll/{id}. */
  @RouteHandler(pollsRoutes.pollGet)
  pollGet(input: RouteInput<typeof pollsRoutes.pollGet>, ctx: RequestContext) {
    return this.pollsService.get(input, ctx);
  }

  /** polls.poll.create — POST api/poll. */
  @RouteHandler(pollsRoutes.pollCreate)
  pollCreate(input: RouteInput<typeof pollsRoutes.pollCreate>, ctx: RequestContext) {
    return this.pollsService.create(input, ctx);
  }

  /** polls.poll.update — PUT api/poll/{_id}. */
  @RouteHandler(pollsRoutes.pollUpdate)
  pollUpdate(input: RouteInput<typeof pollsRoutes.pollUpdate>, ctx: RequestContext) {
    return this.pollsService.update(input, ctx);
  }

  /** polls.poll.finish — PUT api/poll/{_id}/finish. */
  @RouteHandler(pollsRoutes.pollFinish)
  pollFinish(input: RouteInput<typeof pollsRoutes.pollFinish>, ctx: RequestContext) {
    return this.pollsService.finish(input, ctx);
  }

  /** polls.poll.answer — POST api/poll/{_id}/answer. */
  @RouteHandler(pollsRoutes.pollAnswer)
  pollAnswer(input: RouteInput<typeof pollsRoutes.pollAnswer>, ctx: RequestContext) {
    return this.answersService.answer(input, ctx);
  }

  /** polls.poll.results — GET api/poll/{id}/results. */
  @RouteHandler(pollsRoutes.pollResults)
  pollResults(input: RouteInput<typeof pollsRoutes.pollResults>, ctx: RequestContext) {
    return this.resultsService.results(input, ctx);
  }

  /** polls.poll.remind — POST api/poll/{_id}/remind. */
  @RouteHandler(pollsRoutes.pollRemind)
  pollRemind(input: RouteInput<typeof pollsRoutes.pollRemind>, ctx: RequestContext) {
    return this.pollsService.remind(input, ctx);
  }

  /** polls.poll.delete — DELETE api/poll/{id}. */
  @RouteHandler(pollsRoutes.pollDelete)
  pollDelete(input: RouteInput<typeof pollsRoutes.pollDelete>, ctx: RequestContext) {
    return this.pollsService.remove(input, ctx);
  }

  /** polls.poll.excel — GET api/poll/{poll_id}/excel. */
  @RouteHandler(pollsRoutes.pollExcel)
  pollExcel(input: RouteInput<typeof pollsRoutes.pollExcel>, ctx: RequestContext) {
    return this.resultsService.excel(input, ctx);
  }
}
