import { Controller } from '@nestjs/common';
import { kbRoutes } from '@intranet/kb-contract';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler } from '@intranet/platform-host';
import { TagsService } from './tags.service.ts';

/** §7 Tags of a client's modules and their links to kb articles. */
@Controller()
export class TagsController {
  constructor(private readonly tags: TagsService) {}

  @RouteHandler(kbRoutes.tagList)
  tagList(input: RouteInput<typeof kbRoutes.tagList>, ctx: RequestContext) {
    return this.tags.tagList(input, ctx);
  }

  @RouteHandler(kbRoutes.tagCreate)
  tagCreate(input: RouteInput<typeof kbRoutes.tagCreate>, ctx: RequestContext) {
    return this.tags.tagCreate(input, ctx);
  }

  @RouteHandler(kbRoutes.tagUpdate)
  tagUpdate(input: RouteInput<typeof kbRoutes.tagUpdate>, ctx: RequestContext) {
    return this.tags.tagUpdate(input, ctx);
  }

  @RouteHandler(kbRoutes.tagAttach)
  tagAttach(input: RouteInput<typeof kbRoutes.tagAttach>, ctx: RequestContext) {
    return this.tags.tagAttach(input, ctx);
  }

  @RouteHandler(kbRoutes.tagDetach)
  tagDetach(input: RouteInput<typeof kbRoutes.tagDetach>, ctx: RequestContext) {
    return this.tags.tagDetach(input, ctx);
  }

  @RouteHandler(kbRoutes.tagDelete)
  tagDelete(input: RouteInput<typeof kbRoutes.tagDelete>, ctx: RequestContext) {
    return this.tags.tagDelete(input, ctx);
  }
}
