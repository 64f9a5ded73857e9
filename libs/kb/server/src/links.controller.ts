import { Controller } from '@nestjs/common';
import { kbRoutes } from '@intranet/kb-contract';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler } from '@intranet/platform-host';
import { LinksService } from './links.service.ts';

/** §7 Link blocks and their links. */
@Controller()
export class LinksController {
  constructor(private readonly links: LinksService) {}

  @RouteHandler(kbRoutes.linksBlockGet)
  linksBlockGet(input: RouteInput<typeof kbRoutes.linksBlockGet>, ctx: RequestContext) {
    return this.links.linksBlockGet(input, ctx);
  }

  @RouteHandler(kbRoutes.linksBlockList)
  linksBlockList(input: RouteInput<typeof kbRoutes.linksBlockList>, ctx: RequestContext) {
    return this.links.linksBlockList(input, ctx);
  }

  @RouteHandler(kbRoutes.linksBlockToggle)
  linksBlockToggle(input: RouteInput<typeof kbRoutes.linksBlockToggle>, ctx: RequestContext) {
    return this.links.linksBlockToggle(input, ctx);
  }

  @RouteHandler(kbRoutes.linkAdd)
  linkAdd(input: RouteInput<typeof kbRoutes.linkAdd>, ctx: RequestContext) {
    return this.links.linkAdd(input, ctx);
  }

  @RouteHandler(kbRoutes.linkUpdate)
  linkUpdate(input: RouteInput<typeof kbRoutes.linkUpdate>, ctx: RequestContext) {
    return this.links.linkUpdate(input, ctx);
  }

  @RouteHandler(kbRoutes.linkDelete)
  linkDelete(input: RouteInput<typeof kbRoutes.linkDelete>, ctx: RequestContext) {
    return this.links.linkDelete(input, ctx);
  }
}
